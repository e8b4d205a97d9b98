import type { LookupFunction } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalPushService, type LocalPushService } from "#tests/setup/push-service.ts";
import { createTestConfig } from "#tests/setup/test-database.ts";
import { createPushSender } from "./push-sender.ts";

/**
 * At send time, too, a push goes only to a known push service on a public address (decision
 * 0199): a stored endpoint from before the allow-list, or a push service's name that the DNS
 * answers with an inside address, is refused without a connection.
 */

let push: LocalPushService;

beforeAll(async () => {
  push = await startLocalPushService();
});

afterAll(async () => {
  await push.close();
});

/** A DNS that answers this address for every name. */
const dnsAnswering =
  (address: string): LookupFunction =>
  (_hostname, options, callback) => {
    const family = address.includes(":") ? 6 : 4;
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };

describe("the push sender", () => {
  it("refuses a push service's name that resolves into the server's own network", async () => {
    const { keys } = push.subscription();
    const subscription = { endpoint: "https://fcm.googleapis.com/fcm/send/x", ...keys };
    for (const address of ["127.0.0.1", "10.0.0.7", "169.254.169.254", "::1", "::ffff:127.0.0.1"]) {
      const sender = createPushSender(createTestConfig(), { lookup: dnsAnswering(address) });
      expect(await sender.send(subscription, "{}")).toEqual({
        outcome: "failed",
        error: "fcm.googleapis.com: no public address",
      });
    }
  });

  it("does not send to a stored endpoint that is no known push service", async () => {
    const sender = createPushSender(createTestConfig(), { lookup: dnsAnswering("127.0.0.1") });
    const { keys } = push.subscription();
    for (const endpoint of [
      "https://127.0.0.1.nip.io:3400/",
      "https://localhost./",
      "https://kubernetes.default.svc/",
      push.subscription().endpoint,
    ]) {
      expect(await sender.send({ endpoint, ...keys }, "{}")).toEqual({
        outcome: "failed",
        error: "not a known push service",
      });
    }
    expect(push.received()).toEqual([]);
  });

  it("reaches the tests' local push service when configured (NODE_ENV=test only)", async () => {
    const config = createTestConfig({ TEST_PUSH_SERVICE_URL: push.origin });
    const { endpoint, keys } = push.subscription("/push/sender");
    expect(await createPushSender(config).send({ endpoint, ...keys }, '{"title":"Hallo"}')).toEqual(
      { outcome: "sent" },
    );
    expect(push.received()).toEqual([
      expect.objectContaining({ path: "/push/sender", payload: '{"title":"Hallo"}' }),
    ]);
  });
});
