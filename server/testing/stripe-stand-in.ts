import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * Stripe's API as far as our provider uses it, on a local port, so tests drive the real SDK with
 * nothing reaching the internet: checkout sessions (create, retrieve, expire) and refunds (with
 * Stripe's idempotency keys). `complete` stands for a customer paying on the hosted page, and
 * `signedEvent` builds the webhook Stripe would send, signed with the SDK's own test helper.
 */

type Session = {
  id: string;
  object: "checkout.session";
  amount_total: number;
  currency: "usd";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  payment_intent: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  expires_at: number;
  success_url: string;
  url: string | null;
};

type Refund = { id: string; object: "refund"; amount: number; payment_intent: string; status: "succeeded"; metadata: Record<string, string> };

export interface StripeStandIn {
  host: string;
  port: number;
  protocol: "http";
  sessions: Map<string, Session>;
  refunds: Refund[];
  /** Every request the SDK made: method and path. */
  requests: { method: string; path: string }[];
  /** The customer pays on the hosted page. */
  complete(sessionId: string): Session;
  /** A webhook delivery: the JSON body and its Stripe-Signature header. */
  signedEvent(type: string, object: unknown, options?: { id?: string; secret?: string; timestamp?: number }): { body: string; signature: string; id: string };
  close(): Promise<void>;
}

const randomId = (prefix: string) => `${prefix}_test_${crypto.randomBytes(12).toString("hex")}`;

export async function startStripeStandIn(webhookSecret: string): Promise<StripeStandIn> {
  const sessions = new Map<string, Session>();
  const refunds: Refund[] = [];
  const requests: { method: string; path: string }[] = [];
  const idempotent = new Map<string, unknown>();
  const sdk = new Stripe("sk_test_stand_in");

  const metadataOf = (form: URLSearchParams) =>
    Object.fromEntries([...form.entries()].flatMap(([k, v]) => (k.startsWith("metadata[") ? [[k.slice(9, -1), v]] : [])));

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      requests.push({ method: req.method ?? "", path: url.pathname });
      const form = new URLSearchParams(raw);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": randomId("req") });
        res.end(JSON.stringify(body));
      };
      const error = (status: number, message: string) => send(status, { error: { type: "invalid_request_error", message } });
      const key = req.headers["idempotency-key"];
      const remember = (body: unknown) => {
        if (typeof key === "string") idempotent.set(`${url.pathname}:${key}`, body);
        send(200, body);
      };
      if (req.method === "POST" && typeof key === "string" && idempotent.has(`${url.pathname}:${key}`))
        return send(200, idempotent.get(`${url.pathname}:${key}`));

      const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(url.pathname);
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        const id = randomId("cs");
        const session: Session = {
          id,
          object: "checkout.session",
          amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
          currency: "usd",
          status: "open",
          payment_status: "unpaid",
          payment_intent: null,
          client_reference_id: form.get("client_reference_id"),
          metadata: metadataOf(form),
          expires_at: Number(form.get("expires_at")),
          success_url: form.get("success_url") ?? "",
          url: `https://checkout.stripe.test/c/pay/${id}`,
        };
        sessions.set(id, session);
        return remember(session);
      }
      if (sessionMatch) {
        const session = sessions.get(sessionMatch[1]!);
        if (!session) return error(404, `No such checkout.session: '${sessionMatch[1]}'`);
        if (req.method === "GET" && !sessionMatch[2]) return send(200, session);
        if (req.method === "POST" && sessionMatch[2]) {
          if (session.status !== "open") return error(400, `Only Checkout Sessions with a status of \`open\` can be expired.`);
          session.status = "expired";
          session.url = null;
          return remember(session);
        }
      }
      if (req.method === "POST" && url.pathname === "/v1/refunds") {
        const paymentIntent = form.get("payment_intent") ?? "";
        const paid = [...sessions.values()].find((s) => s.payment_intent === paymentIntent);
        if (!paid) return error(404, `No such payment_intent: '${paymentIntent}'`);
        const already = refunds.filter((r) => r.payment_intent === paymentIntent).reduce((sum, r) => sum + r.amount, 0);
        const amount = Number(form.get("amount") ?? paid.amount_total - already);
        if (already + amount > paid.amount_total) return error(400, "Refund amount is greater than unrefunded amount on charge");
        const refund: Refund = { id: randomId("re"), object: "refund", amount, payment_intent: paymentIntent, status: "succeeded", metadata: metadataOf(form) };
        refunds.push(refund);
        return remember(refund);
      }
      error(404, `Unrecognized request URL (${req.method}: ${url.pathname}).`);
    });
  });
  server.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;

  return {
    host: "127.0.0.1",
    port,
    protocol: "http",
    sessions,
    refunds,
    requests,
    complete(sessionId) {
      const session = sessions.get(sessionId);
      if (!session || session.status !== "open") throw new Error(`checkout ${sessionId} is not open`);
      Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: randomId("pi"), url: null });
      return session;
    },
    signedEvent(type, object, options = {}) {
      const id = options.id ?? randomId("evt");
      const body = JSON.stringify(
        { id, object: "event", api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), type, livemode: false, data: { object } },
        null,
        2,
      );
      const signature = sdk.webhooks.generateTestHeaderString({ payload: body, secret: options.secret ?? webhookSecret, timestamp: options.timestamp });
      return { body, signature, id };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
