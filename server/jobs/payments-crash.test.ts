import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createEvent } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { setUpCrashScene, type CrashScene } from "#tests/setup/crash-scene.ts";
import { events } from "#server/db/schema/events.ts";
import { paymentOrders } from "#server/db/schema/payments.ts";
import { orderTopEvent } from "#server/domain/payments/top-event-orders.server.ts";

/**
 * A process killed (SIGKILL) after a payment was recorded and before it was fulfilled leaves a
 * `paid` order; the payments job of the next start fulfils it, and only once.
 */

const NOW = "2026-11-20T20:00:00Z";
let scene: CrashScene;
let orderId: number;
let eventId: number;
let reference: string;

beforeAll(async () => {
  scene = await setUpCrashScene("paycrash", NOW);
  await scene.withDeps(async (deps) => {
    const owner = await createUser(deps);
    const event = await createEvent(deps, {
      title: "Absturzsicher",
      startsAt: "2026-12-05T22:00:00Z",
      createdById: owner.id,
    });
    const order = await orderTopEvent(deps, { id: owner.id, role: "user" }, event.id, {
      accept_terms: true,
    });
    const [row] = await deps.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, order.orderId));
    orderId = order.orderId;
    eventId = event.id;
    reference = row!.providerReference!;
  });
});

afterAll(async () => {
  await scene?.dispose();
});

it("fulfils a payment recorded right before a SIGKILL exactly once on the next start", async () => {
  const crashed = await scene.run("tests/payments/pay-then-crash.ts", {
    PAYMENT_REFERENCE: reference,
  });
  expect(crashed.signal, crashed.output).toBe("SIGKILL");
  const afterCrash = await scene.withDeps(async (deps) => {
    const [order] = await deps.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
    const [event] = await deps.db.select().from(events).where(eq(events.id, eventId));
    return { status: order!.status, topUntil: event!.topUntil };
  });
  expect(afterCrash).toEqual({ status: "paid", topUntil: null });

  for (let start = 0; start < 2; start++) {
    const restarted = await scene.run("tests/payments/run-payments-job.ts");
    expect(restarted.code, restarted.output).toBe(0);
    expect(JSON.parse(restarted.output).result.ordersSettled).toBe(start === 0 ? 1 : 0);
  }

  await scene.withDeps(async (deps) => {
    const [order] = await deps.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
    const [event] = await deps.db.select().from(events).where(eq(events.id, eventId));
    expect(order!.status).toBe("fulfilled");
    expect(order!.history.map((entry) => entry.status)).toEqual(["created", "paid", "fulfilled"]);
    // Until the party's night (Sat 05.12.) is over: Sunday, 06:00 in Berlin.
    expect(event!.topUntil).toEqual(new Date("2026-12-06T05:00:00Z"));
  });
}, 120_000);
