/**
 * A local stand-in for Stripe's API (`/v1`, as Stripe's API reference and its published OpenAPI description
 * document it) on 127.0.0.1, for contract tests, the Playwright journey and trying the product locally
 * (`npm run stand-in -- stripe`): secret or restricted keys (bearer or basic auth), form-encoded bodies,
 * `Idempotency-Key` on POSTs (the same key and parameters answer the first response again with
 * `Idempotent-Replayed: true`; other parameters: 400 `idempotency_error`), Stripe's error body, list pages,
 * signed webhook deliveries with retries (and, on request, out of order and twice), a hosted Checkout page
 * (`/c/pay/{id}`) and hosted invoice page (`/i/{id}`) where a person presses "Pay".
 * Other processes drive it through `/__control/*` (see `stripeControl`).
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { catalogRoutes, getOr404, type Route } from "./stripe-stand-in-catalog";
import { billingRoutes, completeCheckout, payInvoice, renewSubscription } from "./stripe-stand-in-billing";
import { deliveries, type DeliveryOptions, type DeliveryRecord } from "./stripe-stand-in-deliveries";
import { decodeForm, readText, secretKeyOf, StripeApiError } from "./stripe-stand-in-http";
import { accountObject, newAccount, type Account, type StripeObject } from "./stripe-stand-in-store";
import { checkoutPage, invoicePage } from "./stripe-stand-in-pages";

export type Fault = "unavailable" | "drop-after-effect";

export interface StripeStandIn {
  baseUrl: string;
  /** An account answering to `secretKey` (also a restricted key `rk_…`). */
  addAccount(opts: { secretKey: string; name?: string; currency?: string }): Account;
  accountOf(secretKey: string): Account | undefined;
  /** The next `count` POSTs to `path` fail: 503 before any effect, or the answer is lost after it (the socket closed). */
  failNext(path: string, fault: Fault, count?: number): void;
  /** POSTs seen per Idempotency-Key (a retry with the same key counts again). */
  keysSeen: Map<string, number>;
  /** Requests received, in order: method and path. */
  requests: Array<{ method: string; path: string; idempotencyKey: string | null }>;
  deliveries: { records: DeliveryRecord[]; options: DeliveryOptions; idle(): Promise<void> };
  renew(subscriptionId: string, outcome: "paid" | "failed"): Promise<void>;
  /** The meter's total for a customer (every accepted meter event, whatever its time). */
  meterTotal(customer: string): number;
  stop(): Promise<void>;
}

const answer = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${Date.now().toString(36)}`, "Stripe-Version": "2026-10-28.endive", ...headers });
  res.end(JSON.stringify(body));
};

export async function startStripeStandIn(opts: { unref?: boolean; delivery?: Partial<DeliveryOptions>; port?: number } = {}): Promise<StripeStandIn> {
  const accounts: Account[] = [];
  const idempotency = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const faults = new Map<string, Fault[]>();
  const keysSeen = new Map<string, number>();
  const requests: StripeStandIn["requests"] = [];
  const sender = deliveries({ order: "in-order", duplicates: false, retryDelaysMs: [200, 1000, 3000], ...opts.delivery });
  let baseUrl = "";
  const routes: Route[] = [...catalogRoutes, ...billingRoutes(() => baseUrl)];
  const accountOf = (key: string) => accounts.find((a) => a.keys.has(key));
  const flush = (account: Account) => {
    const events = account.pending.splice(0);
    if (events.length) void sender.send(account, events);
  };

  async function api(req: IncomingMessage, res: ServerResponse, url: URL) {
    const method = req.method ?? "GET";
    const key = secretKeyOf(req);
    const account = key ? accountOf(key) : undefined;
    const idempotencyKey = method === "POST" ? ((req.headers["idempotency-key"] as string | undefined) ?? null) : null;
    requests.push({ method, path: url.pathname, idempotencyKey });
    if (!key) throw new StripeApiError(401, "invalid_request_error", "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').");
    if (!account) throw new StripeApiError(401, "invalid_request_error", `Invalid API Key provided: ${key.slice(0, Math.min(8, Math.max(3, key.length - 4)))}****${key.slice(-4)}`, "api_key_invalid");
    const text = await readText(req);
    const form = decodeForm(method === "GET" || method === "DELETE" ? url.search.slice(1) : text);
    if (idempotencyKey) keysSeen.set(idempotencyKey, (keysSeen.get(idempotencyKey) ?? 0) + 1);
    const scoped = idempotencyKey ? `${account.id}:${idempotencyKey}` : null;
    const fingerprint = createHash("sha256").update(`${method} ${url.pathname}\n${text}`).digest("hex");
    const stored = scoped ? idempotency.get(scoped) : undefined;
    if (stored) {
      if (stored.fingerprint !== fingerprint) {
        throw new StripeApiError(400, "idempotency_error", `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`);
      }
      return answer(res, stored.status, stored.body, { "Idempotent-Replayed": "true", "Original-Request": "req_original" });
    }
    const fault = method === "POST" ? faults.get(url.pathname)?.shift() : undefined;
    if (fault === "unavailable") return answer(res, 503, { error: { type: "api_error", message: "The service is temporarily unavailable." } }, { "Stripe-Should-Retry": "true" });
    const route = routes.find(([m, path]) => m === method && path.test(url.pathname));
    if (!route) throw new StripeApiError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${url.pathname}).`);
    const params = route[1].exec(url.pathname)!.slice(1);
    let status = 200;
    let body: unknown;
    try {
      body = route[2]({ account, form, query: url.searchParams, params, url: url.pathname });
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      // Stripe keeps the result of a request that started executing, errors included; not a refused parameter.
      [status, body] = [error.status, error.body()];
      if (error.code === "parameter_missing" || error.code?.startsWith("parameter_invalid")) return answer(res, status, body);
    }
    if (scoped) idempotency.set(scoped, { fingerprint, status, body });
    flush(account);
    if (fault === "drop-after-effect") return res.socket?.destroy();
    answer(res, status, body);
  }

  async function pages(req: IncomingMessage, res: ServerResponse, url: URL) {
    // `/c/pay/{session id}` (Checkout) or `/i/{invoice id}` (a hosted invoice).
    const parts = url.pathname.split("/");
    const kind = parts[1];
    const sessionId = kind === "c" ? (parts[3] ?? "") : "";
    const invoiceId = kind === "i" ? (parts[2] ?? "") : "";
    const account = accounts.find((a) => a.sessions.has(sessionId) || a.invoices.has(invoiceId));
    const html = (status: number, body: string) => (res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" }), res.end(body));
    if (!account) return html(404, "<!doctype html><title>Not found</title><h1>This page does not exist</h1>");
    if (kind === "c") {
      const session = getOr404(account.sessions, sessionId, "checkout.session");
      if (req.method === "POST") {
        completeCheckout(account, session, baseUrl);
        flush(account);
        res.writeHead(303, { Location: String(session.success_url).replace("{CHECKOUT_SESSION_ID}", session.id) });
        return res.end();
      }
      return html(200, checkoutPage(account, session));
    }
    const invoice = getOr404(account.invoices, invoiceId, "invoice");
    if (req.method === "POST" && invoice.status === "open") {
      payInvoice(account, invoice);
      flush(account);
    }
    return html(200, invoicePage(account, invoice));
  }

  const renew = async (subscriptionId: string, outcome: "paid" | "failed") => {
    const account = accounts.find((a) => a.subscriptions.has(subscriptionId));
    if (!account) throw new StripeApiError(404, "invalid_request_error", `No such subscription: '${subscriptionId}'`);
    renewSubscription(account, account.subscriptions.get(subscriptionId)!, outcome, baseUrl);
    flush(account);
    await sender.idle();
  };
  const meterTotal = (customer: string) => accounts.reduce((sum, a) => sum + [...a.meterEvents.values()].filter((e) => e.customer === customer).reduce((s, e) => s + e.value, 0), 0);

  async function control(req: IncomingMessage, res: ServerResponse, url: URL) {
    const text = await readText(req);
    const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    const path = url.pathname.slice("/__control/".length);
    if (path === "accounts") {
      const account = accountOf(String(body.secret_key)) ?? stub.addAccount({ secretKey: String(body.secret_key), name: body.name as string | undefined, currency: body.currency as string | undefined });
      return answer(res, 200, accountObject(account));
    }
    if (path === "delivery") {
      Object.assign(sender.options, body);
      return answer(res, 200, sender.options);
    }
    if (path === "idle") return (await sender.idle(), answer(res, 200, { ok: true }));
    if (path === "deliveries") return answer(res, 200, sender.records);
    const renewal = /^subscriptions\/([^/]+)\/renew$/.exec(path);
    if (renewal) return (await renew(renewal[1]!, body.outcome === "failed" ? "failed" : "paid"), answer(res, 200, { ok: true }));
    if (path === "meter_total") return answer(res, 200, { total: meterTotal(url.searchParams.get("customer") ?? "") });
    return answer(res, 404, { error: "unknown control route" });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const handler = url.pathname.startsWith("/__control/") ? control : url.pathname.startsWith("/v1/") ? api : /^\/(c\/pay|i)\//.test(url.pathname) ? pages : null;
    if (!handler) return answer(res, 404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname}).` } });
    handler(req, res, url).catch((error: unknown) => {
      if (error instanceof StripeApiError) return answer(res, error.status, error.body());
      answer(res, 500, { error: { type: "api_error", message: `The stand-in failed: ${(error as Error).message}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  if (opts.unref) server.unref();

  const stub: StripeStandIn = {
    baseUrl,
    addAccount({ secretKey, name = "Stand-in Agency Ltd", currency = "usd" }) {
      const account = newAccount({ secretKey, name, currency });
      accounts.push(account);
      return account;
    },
    accountOf,
    failNext: (path, fault, count = 1) => faults.set(path, [...(faults.get(path) ?? []), ...Array.from({ length: count }, () => fault)]),
    keysSeen,
    requests,
    deliveries: sender,
    renew,
    meterTotal,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return stub;
}

/** Drives a stand-in started by another process (Playwright's runner, `npm run stand-in`) through its control routes. */
export function stripeControl(baseUrl: string) {
  const call = async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl}/__control/${path}`, { method: body === undefined ? "GET" : "POST", headers: { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
    return (await res.json()) as T;
  };
  return {
    addAccount: (secretKey: string, name?: string) => call<StripeObject>("accounts", { secret_key: secretKey, name }),
    renew: (subscriptionId: string, outcome: "paid" | "failed") => call(`subscriptions/${subscriptionId}/renew`, { outcome }),
    idle: () => call("idle", {}),
    meterTotal: async (customer: string) => (await call<{ total: number }>(`meter_total?customer=${encodeURIComponent(customer)}`)).total,
  };
}
