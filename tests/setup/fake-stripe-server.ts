import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the fake received: method, path and the form-encoded parameters. */
export interface StripeRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
}

export interface FakeStripeServer {
  /** For STRIPE_API_URL. */
  url: string;
  requests: StripeRequest[];
  close: () => Promise<void>;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => resolve(body));
    request.on("error", reject);
  });

/**
 * A local HTTP server answering like Stripe's API for what the app calls: creating Checkout
 * Sessions and refunds. Idempotency keys are honoured as Stripe does (same key, same answer).
 */
export async function startFakeStripeServer(): Promise<FakeStripeServer> {
  const requests: StripeRequest[] = [];
  const answered = new Map<string, unknown>();
  const server = createServer(async (request, response) => {
    const params = new URLSearchParams(await readBody(request));
    const path = (request.url ?? "").split("?")[0]!;
    const idempotencyKey = request.headers["idempotency-key"] as string | undefined;
    requests.push({ method: request.method ?? "GET", path, params, idempotencyKey });
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json", "request-id": "req_fake" });
      response.end(JSON.stringify(body));
    };
    if (idempotencyKey && answered.has(idempotencyKey))
      return reply(200, answered.get(idempotencyKey));
    let body: unknown;
    if (request.method === "POST" && path === "/v1/checkout/sessions") {
      const id = `cs_test_${randomBytes(8).toString("hex")}`;
      body = {
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.com/c/pay/${id}`,
        amount_total: Number(params.get("line_items[0][price_data][unit_amount]")),
        client_reference_id: params.get("client_reference_id"),
        payment_status: "unpaid",
        status: "open",
      };
    } else if (request.method === "POST" && path === "/v1/refunds") {
      body = {
        id: `re_${randomBytes(8).toString("hex")}`,
        object: "refund",
        amount: Number(params.get("amount")),
        payment_intent: params.get("payment_intent"),
        status: "succeeded",
      };
    } else {
      return reply(404, { error: { type: "invalid_request_error", message: `No ${path}` } });
    }
    if (idempotencyKey) answered.set(idempotencyKey, body);
    reply(200, body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
