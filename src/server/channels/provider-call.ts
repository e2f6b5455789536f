import { env } from "@/server/kernel/env";
import { jsonOf, outboundClient } from "@/server/kernel/net/client";
import { isRetryable, nextRetry, parseRetryAfter, type RetryPolicy, type Tries } from "@/server/kernel/net/retry";

/**
 * One call to a provider's HTTP API, as every channel client makes it: JSON in and out through the
 * platform's one outbound client (kernel/net/client.ts) with a time limit and a byte cap, and the
 * provider's failure kept as data (its message shown to the agency, its `Retry-After` — a header, or a
 * field of its body — handed to the one retry policy, kernel/net/retry.ts).
 */
export interface ProviderFailure {
  ok: false;
  /** The HTTP status (0: no answer). */
  status: number;
  message: string;
  retryAfterSeconds: number | null;
  /** Retrying cannot help (a bad token, a blocked bot). */
  permanent: boolean;
}
export type ProviderAnswer<T> = { ok: true; result: T } | ProviderFailure;

const TIMEOUT_MS = 15_000;
/** A provider's API answer is a few hundred bytes; anything near this is not one. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/** The providers' base URLs come from the environment (tests: 127.0.0.1), so no SSRF guard: they are not a user's. */
const providersHttp = outboundClient(() => ({ policy: null, connections: 32, keepAliveMs: 10_000 }));

export interface ProviderRequest {
  url: string;
  method?: "GET" | "POST";
  body?: unknown;
  /** A form body instead of JSON (an OAuth token endpoint's `application/x-www-form-urlencoded`). */
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

/** The failure when no answer came (network, time limit): worth retrying. */
export const unreachable = (message: string): ProviderFailure => ({ ok: false, status: 0, message, retryAfterSeconds: null, permanent: false });

/** A failed answer: 408, 429 and 5xx are worth retrying, other 4xx (a bad token, a blocked bot) are not (kernel/net/retry.ts). */
export function failure(status: number, message: string, retryAfterSeconds: number | null): ProviderFailure {
  return { ok: false, status, message, retryAfterSeconds, permanent: !isRetryable(status) };
}

/** Sends the request; the parsed JSON body with the HTTP status and the `Retry-After` header, or `unreachable`. */
export async function providerFetch(req: ProviderRequest): Promise<{ status: number; json: unknown; retryAfterSeconds: number | null } | ProviderFailure> {
  try {
    const body = req.form ? new URLSearchParams(req.form).toString() : req.body === undefined ? undefined : JSON.stringify(req.body);
    const type = req.form ? "application/x-www-form-urlencoded" : "application/json; charset=utf-8";
    const res = await providersHttp.send({
      url: req.url,
      method: req.method ?? (body === undefined ? "GET" : "POST"),
      headers: { ...(body === undefined ? {} : { "Content-Type": type }), ...req.headers },
      ...(body === undefined ? {} : { body }),
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_ANSWER_BYTES,
    });
    return { status: res.status, json: jsonOf(res), retryAfterSeconds: parseRetryAfter(res.headers["retry-after"]) };
  } catch (error) {
    return unreachable(`The provider did not answer: ${(error as Error).message}`);
  }
}

export const isFailure = (r: unknown): r is ProviderFailure => typeof r === "object" && r !== null && "ok" in r && (r as { ok: unknown }).ok === false;

/**
 * Every outbound call of the channels (replies, handoff posts) is retried by the one policy: a provider's
 * 429 wait (its `Retry-After` or `retry_after`) honoured without counting an attempt, up to 20 such waits
 * of at most an hour each; a network error, a 5xx or a 429 that names no wait after a backoff of 2, 4,
 * 8 … seconds (with jitter), up to CHANNEL_SEND_ATTEMPTS attempts.
 */
const channelRetries = (): RetryPolicy => ({ maxAttempts: env().CHANNEL_SEND_ATTEMPTS, baseDelaySeconds: 2, maxDelaySeconds: 3600, freeWaits: 20 });

/** Whether and when a failed provider call is tried again; null when retrying cannot help or the attempts are spent. */
export function retryOf(sent: ProviderFailure, tries: Tries): { inSeconds: number; next: Tries } | null {
  return nextRetry(channelRetries(), tries, { status: sent.status === 0 ? null : sent.status, retryAfterSeconds: sent.retryAfterSeconds });
}

/** A call given up on, as the inbox shows it. */
export const failureReason = (sent: ProviderFailure, tries: { attempt: number }) => `${sent.message}${sent.permanent ? "" : ` (after ${tries.attempt} attempts)`}`;
