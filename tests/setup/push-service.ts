import { createECDH, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { decrypt } from "http_ece";

/**
 * A stand-in for a browser's push service on 127.0.0.1 (decision 0187): it keeps every push the
 * server sends and can decrypt it with the "browser's" keys, generated here as a browser would
 * (a P-256 key pair and a 16-byte auth secret). `status` is what it answers (201 = accepted,
 * 410 = the subscription is gone). The server reaches it only when told its `origin` as
 * TEST_PUSH_SERVICE_URL (honoured with NODE_ENV=test alone, decision 0199): real push goes
 * only to the known push services on public addresses.
 */
export interface LocalPushService {
  /** `http://127.0.0.1:{port}`: the value for TEST_PUSH_SERVICE_URL. */
  origin: string;
  /** The subscription a browser would hand to the page (PushSubscription.toJSON()). */
  subscription: (path?: string) => {
    endpoint: string;
    expirationTime: null;
    keys: { p256dh: string; auth: string };
  };
  /** Decrypted payloads received so far, by endpoint path. */
  received: () => { path: string; payload: string; headers: Record<string, unknown> }[];
  /** The encrypted bodies as they arrived (for delivery to a service worker). */
  raw: () => { path: string; body: Buffer }[];
  setStatus: (status: number) => void;
  decrypt: (body: Buffer) => string;
  close: () => Promise<void>;
}

export async function startLocalPushService(): Promise<LocalPushService> {
  const keys = createECDH("prime256v1");
  keys.generateKeys();
  const authSecret = randomBytes(16);
  let status = 201;
  const raw: { path: string; body: Buffer; headers: Record<string, unknown> }[] = [];
  const decryptBody = (body: Buffer) =>
    decrypt(body, { version: "aes128gcm", privateKey: keys, authSecret }).toString("utf8");
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      raw.push({ path: request.url ?? "/", body: Buffer.concat(chunks), headers: request.headers });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    subscription: (path = "/push/browser-1") => ({
      endpoint: `${origin}${path}`,
      expirationTime: null,
      keys: {
        p256dh: keys.getPublicKey().toString("base64url"),
        auth: authSecret.toString("base64url"),
      },
    }),
    received: () =>
      raw.map((push) => ({
        path: push.path,
        payload: decryptBody(push.body),
        headers: push.headers,
      })),
    raw: () => raw.map((push) => ({ path: push.path, body: push.body })),
    setStatus: (next) => {
      status = next;
    },
    decrypt: decryptBody,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
