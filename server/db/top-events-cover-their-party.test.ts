import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, expect, it } from "vitest";
import { addDays, fromWallClock, partyNightEnd, partyNightOf } from "#common/dates.ts";
import { events } from "#server/db/schema/events.ts";
import { paymentOrders } from "#server/db/schema/payments.ts";
import { createEvent } from "#tests/factories/catalog.ts";
import { createPaidOrder } from "#tests/factories/paid-orders.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";

/**
 * Migration 0022 (decision 0210): top events bought by the week that end before their party's
 * night is over get the missing days, once. It runs on the database's clock (`now()`), so the
 * parties here lie around the real today.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const migration = readFileSync(
  new URL("./migrations/0022_top_events_cover_their_party.sql", import.meta.url),
  "utf8",
);

let ctx: TestContext;

beforeEach(async () => {
  ctx = await createTestContext();
});

afterEach(async () => {
  await ctx.close();
});

/** 23:00 in Berlin on the night `days` after tonight's. */
function partyIn(days: number): Date {
  const [year, month, day] = addDays(partyNightOf(new Date()), days).split("-").map(Number) as [
    number,
    number,
    number,
  ];
  return fromWallClock({ year, month, day, hour: 23, minute: 0 });
}

async function promoted(
  title: string,
  startsAt: Date,
  topUntil: Date,
  options: { status?: "cancelled"; paid?: boolean } = {},
) {
  const owner = await createUser(ctx.deps);
  const event = await createEvent(ctx.deps, {
    title,
    startsAt,
    topUntil,
    createdById: owner.id,
    ...(options.status ? { status: options.status } : {}),
  });
  const order =
    options.paid === false
      ? null
      : await createPaidOrder(ctx.deps, {
          userId: owner.id,
          purpose: "top_event",
          eventId: event.id,
          status: "fulfilled",
          weeks: 1,
          amountCents: 2500,
          periodStartsAt: new Date(topUntil.getTime() - 7 * DAY_MS),
          periodEndsAt: topUntil,
          statisticsMailedAt: topUntil < new Date() ? topUntil : null,
          history: [{ at: new Date().toISOString(), status: "fulfilled" }],
        });
  return { eventId: event.id, orderId: order?.id ?? null };
}

async function runMigration() {
  for (const statement of migration.split("--> statement-breakpoint")) {
    await ctx.deps.db.execute(sql.raw(statement));
  }
}

const topUntilOf = async (eventId: number) =>
  (await ctx.deps.db.select().from(events).where(eq(events.id, eventId)))[0]!.topUntil;

it("extends short top events to the end of their party's night, once, and nothing else", async () => {
  const party = partyIn(9);
  const nightEnd = partyNightEnd(party);
  const oneWeek = new Date(Date.now() + 7 * DAY_MS);
  const short = await promoted("Eine Woche, Party in neun Tagen", party, oneWeek);
  // Its week is over already, its party still ahead (it ends three days before).
  const ended = await promoted("Schon abgelaufen", partyIn(2), new Date(Date.now() - DAY_MS));
  const long = await promoted("Reicht schon", party, new Date(nightEnd.getTime() + 7 * DAY_MS));
  const cancelled = await promoted("Abgesagt", party, oneWeek, { status: "cancelled" });
  const unpaid = await promoted("Ohne Bestellung", party, oneWeek, { paid: false });
  const over = await promoted("Vorbei", partyIn(-3), new Date(partyIn(-4).getTime()));

  await runMigration();

  expect(await topUntilOf(short.eventId)).toEqual(nightEnd);
  expect(await topUntilOf(ended.eventId)).toEqual(partyNightEnd(partyIn(2)));
  const [extended] = await ctx.deps.db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.id, short.orderId!));
  expect(extended).toMatchObject({ periodEndsAt: nightEnd, statisticsMailedAt: null });
  expect(extended!.history.at(-1)).toMatchObject({
    status: "fulfilled",
    note: "period extended to the end of the party's night (decision 0210)",
  });
  const [endedOrder] = await ctx.deps.db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.id, ended.orderId!));
  expect(endedOrder?.statisticsMailedAt).toBeNull();
  expect(await topUntilOf(long.eventId)).toEqual(new Date(nightEnd.getTime() + 7 * DAY_MS));
  expect(await topUntilOf(cancelled.eventId)).toEqual(oneWeek);
  expect(await topUntilOf(unpaid.eventId)).toEqual(oneWeek);
  expect(await topUntilOf(over.eventId)).toEqual(partyIn(-4));
});
