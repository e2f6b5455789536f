import { createHash } from "node:crypto";
import Stripe from "stripe";
import { env } from "@/server/kernel/env";
import { OutboundError, outboundClient, type OutboundResponse } from "@/server/kernel/net/client";
import { providerUrl } from "@/server/kernel/net/provider-url";
import { isRetryable, nextRetry, parseRetryAfter, type RetryPolicy, type Tries } from "@/server/kernel/net/retry";

/**
 * The agency's Stripe account, through the official `stripe` package routed over the platform's one
 * outbound client (docs/decisions/109-stripe-through-the-kernel-client.md): the SDK builds each request
 * (form encoding, `Stripe-Version`, an `Idempotency-Key` on every POST) and types each answer; its own
 * retries are off, and `kernelFetch` below sends it through `kernel/net` and retries it by the kernel's
 * policy (record 101) with the same headers — so one logical request keeps one Idempotency-Key however
 * often it is sent. The base URL is STRIPE_API_BASE_URL (tests: the stand-in on 127.0.0.1).
 */

/** A Stripe call is part of a request someone waits for: three attempts, half a second then a second apart (with jitter). */
const STRIPE_RETRIES: RetryPolicy = { maxAttempts: 3, baseDelaySeconds: 0.5, maxDelaySeconds: 5, freeWaits: 0 };
const ATTEMPT_TIMEOUT_MS = 20_000;
/** Stripe's answers (an object, a page of a list) are kilobytes. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** The base URL comes from the environment (tests: 127.0.0.1), so no SSRF guard: it is not a user's. */
const stripeHttp = outboundClient(() => ({ policy: null, connections: 16, keepAliveMs: 10_000 }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function asResponse(res: OutboundResponse): Response {
  const nullBody = res.status === 204 || res.status === 304;
  return new Response(nullBody ? null : new Uint8Array(res.body), { status: res.status, headers: res.headers });
}

/** Whether an answer is worth sending again: Stripe's `Stripe-Should-Retry` hint when it gives one, else the kernel's rule. */
function worthRetrying(res: OutboundResponse): boolean {
  const hint = res.headers["stripe-should-retry"];
  if (hint === "false") return false;
  return hint === "true" || isRetryable(res.status);
}

/** `fetch` for the SDK: every attempt through kernel/net, retried by the kernel's policy with the request's own headers. */
export async function kernelFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const headers = Object.fromEntries(new Headers(init.headers).entries());
  // The SDK knows the base URL's host and port only; its path (a proxy or stand-in under a prefix) is added here.
  const sdkUrl = new URL(input instanceof Request ? input.url : String(input));
  const request = {
    url: providerUrl(env().STRIPE_API_BASE_URL, sdkUrl.pathname + sdkUrl.search).href,
    method: (init.method ?? "GET") as "GET" | "POST" | "DELETE",
    headers,
    ...(typeof init.body === "string" ? { body: init.body } : {}),
    timeoutMs: ATTEMPT_TIMEOUT_MS,
    maxBytes: MAX_ANSWER_BYTES,
  };
  let tries: Tries = { attempt: 1, waits: 0 };
  for (;;) {
    let res: OutboundResponse | null = null;
    let failure: OutboundError | null = null;
    try {
      res = await stripeHttp.send(request);
      if (!worthRetrying(res)) return asResponse(res);
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error;
      failure = error;
    }
    // A hinted retry of a status the kernel would not retry (a 409 lock) counts as an answer that did not come.
    const status = res && isRetryable(res.status) ? res.status : null;
    const next = nextRetry(STRIPE_RETRIES, tries, { status, retryAfterSeconds: res ? parseRetryAfter(res.headers["retry-after"]) : null });
    if (!next || init.signal?.aborted) {
      if (res) return asResponse(res);
      throw failure!;
    }
    await sleep(next.inSeconds * 1000);
    tries = next.next;
  }
}

/** A client for one agency's secret (or restricted) key. */
export function stripeApi(secretKey: string): Stripe {
  const base = new URL(env().STRIPE_API_BASE_URL);
  const protocol = base.protocol === "http:" ? "http" : "https";
  return new Stripe(secretKey, {
    host: base.hostname,
    port: base.port ? Number(base.port) : protocol === "https" ? 443 : 80,
    protocol,
    httpClient: Stripe.createFetchHttpClient(kernelFetch),
    // The kernel's policy retries (above); the SDK's own would be a second one.
    maxNetworkRetries: 0,
    timeout: 60_000,
    telemetry: false,
    appInfo: { name: "agency-chatbot-platform" },
  });
}

/**
 * The Idempotency-Key of one step of one of our own requests: derived from that request's key (REST's
 * Idempotency-Key, or an id the step owns), so a retry of the whole request — after a crash, or by the
 * caller — sends Stripe the same key and gets the first answer again instead of a second customer.
 */
export function stripeIdempotencyKey(...parts: string[]): string {
  return `acp-${createHash("sha256").update(parts.join("\n")).digest("hex").slice(0, 48)}`;
}

export { Stripe };
