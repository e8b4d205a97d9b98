import http from "node:http";
import https from "node:https";
import { createServer, type AddressInfo, type LookupFunction, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  OutboundRefusedError,
  publicAddressAgent,
  requestPublicUrl,
  type OutboundGuard,
} from "./outbound-request.ts";

/**
 * The outbound guard against a plain TCP listener on 127.0.0.1 that counts what reaches it: a
 * refused request must not even connect (IP literal, DNS answer) or, when it connects, not
 * write one byte (the connected-socket check) — over http and https alike.
 */

let listener: Server;
let port: number;
let connections = 0;
let bytes = 0;

beforeAll(async () => {
  listener = createServer((socket) => {
    connections++;
    socket.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      socket.end("HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok");
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  port = (listener.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => listener.close(resolve));
});

const get = { method: "GET", headers: {}, timeoutMs: 5_000, maxResponseBytes: 1_000 };

/** A DNS that answers these addresses for every name, and counts the questions. */
function fakeDns(...addresses: string[]) {
  const dns = {
    questions: 0,
    lookup: ((_hostname, options, callback) => {
      dns.questions++;
      const answer = addresses.map((address) => ({
        address,
        family: address.includes(":") ? 6 : 4,
      }));
      if (options.all) callback(null, answer);
      else callback(null, answer[0]!.address, answer[0]!.family);
    }) as LookupFunction,
  };
  return dns;
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(OutboundRefusedError);
}

function nothingArrived(before: { connections: number; bytes: number }) {
  expect({ connections, bytes }).toEqual(before);
}

describe("requestPublicUrl", () => {
  it("refuses an IP literal that is not public before connecting", async () => {
    const before = { connections, bytes };
    for (const host of ["127.0.0.1", "[::1]", "[::ffff:127.0.0.1]", "0x7f.1"]) {
      await refusal(requestPublicUrl(new URL(`http://${host}:${port}/`), get, { ports: [port] }));
    }
    nothingArrived(before);
  });

  it("refuses a port that is not allowed before asking the DNS", async () => {
    const dns = fakeDns("142.250.185.74");
    for (const url of ["https://fcm.googleapis.com:6379/", "http://fcm.googleapis.com/"]) {
      await refusal(requestPublicUrl(new URL(url), get, { ports: [443], lookup: dns.lookup }));
    }
    await refusal(requestPublicUrl(new URL("ftp://fcm.googleapis.com/"), get, { ports: [443] }));
    expect(dns.questions).toBe(0);
  });

  it("refuses a name whose DNS answers only inside addresses (rebinding), without connecting", async () => {
    const before = { connections, bytes };
    for (const answer of [["127.0.0.1"], ["10.0.0.5", "::ffff:127.0.0.1"], ["169.254.169.254"]]) {
      const dns = fakeDns(...answer);
      await refusal(
        requestPublicUrl(new URL(`http://push.example:${port}/`), get, {
          ports: [port],
          lookup: dns.lookup,
        }),
      );
      expect(dns.questions).toBe(1);
    }
    nothingArrived(before);
  });

  it("reaches a test-only target, exactly that address and port", async () => {
    const guard: OutboundGuard = {
      ports: [443],
      testOnlyTargets: [{ address: "127.0.0.1", port }],
    };
    const answer = await requestPublicUrl(new URL(`http://127.0.0.1:${port}/`), get, guard);
    expect(answer).toMatchObject({ status: 200, body: Buffer.from("ok") });
    const named = await requestPublicUrl(new URL(`http://stand-in.test:${port}/`), get, {
      ...guard,
      lookup: fakeDns("127.0.0.1").lookup,
    });
    expect(named.status).toBe(200);
    await refusal(
      requestPublicUrl(new URL(`http://127.0.0.2:${port}/`), get, {
        ports: [443],
        testOnlyTargets: [{ address: "127.0.0.1", port }],
      }),
    );
  });

  it("cuts off an answer longer than allowed", async () => {
    const guard = { ports: [443], testOnlyTargets: [{ address: "127.0.0.1", port }] };
    await expect(
      requestPublicUrl(
        new URL(`http://127.0.0.1:${port}/`),
        { ...get, maxResponseBytes: 1 },
        guard,
      ),
    ).rejects.toThrow(/longer than 1 bytes/);
  });
});

describe("publicAddressAgent", () => {
  /** The agent alone, to an IP literal (no lookup): only the connected socket's check acts. */
  function requestWith(module: typeof http | typeof https, protocol: "http:" | "https:") {
    return new Promise<unknown>((resolve, reject) => {
      const outgoing = module.request(
        {
          host: "127.0.0.1",
          port,
          path: "/",
          agent: publicAddressAgent(protocol, { ports: [port] }),
        },
        resolve,
      );
      outgoing.on("error", reject);
      outgoing.end("secret");
    });
  }

  it("destroys a connection to a non-public address before writing a byte (http and https)", async () => {
    const before = { connections, bytes };
    await refusal(requestWith(http, "http:"));
    await refusal(requestWith(https, "https:"));
    // It connected (the check needs the socket's address) but sent nothing: no request line,
    // no TLS hello.
    expect(bytes).toBe(before.bytes);
  });
});
