import { ads } from "#server/db/schema/ads.ts";
import { users } from "#server/db/schema/users.ts";
import type { DomainDeps } from "#server/domain/deps.ts";

let sequence = 0;

/** An ad booking as the payment flow leaves it: active between `startsAt` and `endsAt`. */
export async function createAd(
  { db }: DomainDeps,
  overrides: Partial<typeof ads.$inferInsert> & { startsAt: Date; endsAt: Date },
) {
  const number = ++sequence;
  const [owner] = await db
    .insert(users)
    .values({
      email: `werbung-${number}-${Date.now()}@example.org`,
      passwordHash: "not-a-real-hash",
      displayName: `Werbekunde ${number}`,
    })
    .returning();
  const [ad] = await db
    .insert(ads)
    .values({
      ownerId: owner!.id,
      title: `Anzeige ${number}`,
      targetUrl: "https://werbung.example/ziel",
      status: "active",
      durationId: 1,
      ...overrides,
    })
    .returning();
  return ad!;
}
