/**
 * Retry schedule (docs/decisions/015-webhook-signatures-retries-and-outcomes.md): attempts at 0 s, 5 s, 5 min, 30 min, 2 h, 5 h,
 * 10 h, 10 h — each delay counted from the previous failed attempt, as Svix
 * does. Configurable with WEBHOOK_RETRY_SCHEDULE (seconds, comma separated).
 * The schedule is the webhook's own, documented to receivers; the `Retry-After`
 * it honours is read by the kernel's parser (kernel/net/retry.ts).
 */
/** A Retry-After longer than this is waited for this long only. */
export const MAX_RETRY_AFTER_SECONDS = 24 * 3600;

/**
 * Seconds to wait before the next attempt after `attemptsMade` failed
 * attempts, or null when none is left. A 429/503 `Retry-After` is honoured
 * when it asks for longer.
 */
export function nextAttemptDelay(schedule: readonly number[], attemptsMade: number, retryAfterSeconds: number | null = null): number | null {
  if (attemptsMade >= schedule.length) return null;
  const planned = schedule[attemptsMade]!;
  const asked = retryAfterSeconds === null ? 0 : Math.min(retryAfterSeconds, MAX_RETRY_AFTER_SECONDS);
  return Math.max(planned, asked);
}
