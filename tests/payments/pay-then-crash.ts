// A process that records a payment for an order (PAYMENT_REFERENCE) exactly as a webhook does,
// then dies by SIGKILL before fulfilling it: the crash test's first process. Clock: JOB_NOW.
import { loadConfig } from "#server/config.ts";
import { createDeps } from "#server/create-deps.ts";
import { recordPaymentEvent } from "#server/domain/payments/payment-events.server.ts";

const { deps } = await createDeps(loadConfig(), { now: () => new Date(process.env.JOB_NOW!) });
const recorded = await recordPaymentEvent(deps, {
  kind: "paid",
  eventId: "evt_before_the_crash",
  providerReference: process.env.PAYMENT_REFERENCE!,
  paymentId: "pay_before_the_crash",
});
console.info(JSON.stringify(recorded));
process.kill(process.pid, "SIGKILL");
