/**
 * The one retry policy of outbound calls (docs/decisions/101-one-way-out.md): which failures are worth
 * another attempt, how long to wait before it, when to stop. Pure; the callers keep their own counters
 * (a job's payload, a row) and schedule the next attempt themselves.
 *
 * - Retryable: no answer (a network error, a time limit), 408, 429 and 5xx. Any other answer is final.
 * - The wait: the server's `Retry-After` when it names one (delta-seconds or an HTTP date), else an
 *   exponential backoff with jitter. A `Retry-After` of 0, one in the past, an unreadable one or none at
 *   all gives the backoff: never a loop of immediate retries.
 * - One cap on every wait (`maxDelaySeconds`, the backoff and `Retry-After` alike) and one on attempts.
 */

export interface RetryPolicy {
  /** Attempts in all, the first one included. */
  maxAttempts: number;
  /** The backoff before the second attempt (> 0); it doubles with each attempt made. */
  baseDelaySeconds: number;
  /** No wait is longer: neither the backoff nor a server's `Retry-After`. */
  maxDelaySeconds: number;
  /**
   * `Retry-After` waits that are not counted as attempts: a server that says when to come back is busy,
   * not failing (a messaging provider's flood control). 0: every retry counts.
   */
  freeWaits: number;
}

/** Where a call stands: attempts made so far (1 after the first failure) and `Retry-After` waits not counted. */
export interface Tries {
  attempt: number;
  waits: number;
}

/** A failed call: its HTTP status (null: no answer came) and the server's `Retry-After`, parsed. */
export interface CallFailure {
  status: number | null;
  retryAfterSeconds: number | null;
}

/** Network errors and time limits (null), 408, 429 and 5xx may pass on another attempt; any other answer will not. */
export function isRetryable(status: number | null): boolean {
  return status === null || status === 408 || status === 429 || status >= 500;
}

const WEEKDAY = /^(mon|tue|wed|thu|fri|sat|sun)/i;

/**
 * `Retry-After` in seconds (≥ 0), or null when absent or unreadable: delta-seconds (`"120"`), an HTTP date
 * (`"Sun, 06 Nov 1994 08:49:37 GMT"`, a date in the past is 0), or a number a provider sends in its body
 * (Telegram's `parameters.retry_after`). Anything else — a negative or fractional text, a bare word, a date
 * without its weekday — is null: the caller falls back to the backoff.
 */
export function parseRetryAfter(value: string | number | readonly string[] | null | undefined, now = Date.now()): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? Math.ceil(value) : null;
  const text = (typeof value === "string" ? value : value[0] ?? "").trim();
  if (/^\d+$/.test(text)) return Number(text);
  if (!WEEKDAY.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * The backoff before the attempt after `attempt` ones: base × 2^(attempt − 1), capped, then between half
 * of that and all of it (jitter, so callers that failed together do not come back together).
 */
export function backoffSeconds(policy: RetryPolicy, attempt: number, random: () => number = Math.random): number {
  const full = Math.min(policy.maxDelaySeconds, policy.baseDelaySeconds * 2 ** Math.max(0, attempt - 1));
  return full / 2 + (random() * full) / 2;
}

/**
 * When to try a failed call again, and the tries after it; null when it is final (not retryable) or the
 * attempts are spent. A positive `Retry-After` is waited (capped) — while free waits are left without
 * counting an attempt; anything else waits the backoff and counts one.
 */
export function nextRetry(policy: RetryPolicy, tries: Tries, failure: CallFailure, random: () => number = Math.random): { inSeconds: number; next: Tries } | null {
  if (!isRetryable(failure.status)) return null;
  const asked = failure.retryAfterSeconds !== null && failure.retryAfterSeconds > 0 ? Math.min(failure.retryAfterSeconds, policy.maxDelaySeconds) : null;
  if (asked !== null && tries.waits < policy.freeWaits) return { inSeconds: asked, next: { attempt: tries.attempt, waits: tries.waits + 1 } };
  if (tries.attempt >= policy.maxAttempts) return null;
  return { inSeconds: asked ?? backoffSeconds(policy, tries.attempt, random), next: { attempt: tries.attempt + 1, waits: tries.waits } };
}
