import { env } from "@/server/kernel/env";
import { AppError } from "@/server/kernel/errors";
import { consumeLeased, rateLimitHeaders, subjectKey, type LimitSpec, type RateDecision } from "@/server/kernel/rate-limit/limiter";

/**
 * The product's rate limits, one place (docs/decisions/028-rate-limits.md). Budgets come from the
 * environment; each call spends one point of its subject's budget.
 */
export { consume, consumeLeased, refund, reset, rateLimitHeaders, subjectKey, type LimitSpec, type RateDecision } from "@/server/kernel/rate-limit/limiter";

export const apiLimit = (): LimitSpec => ({ name: "api", points: env().RATE_LIMIT_API_PER_MINUTE, durationSeconds: 60 });
export const widgetLimit = (): LimitSpec => ({ name: "widget", points: env().RATE_LIMIT_WIDGET_PER_MINUTE, durationSeconds: 60 });

/** One `/v1` request by an API token. */
export function limitApiToken(tokenId: string): Promise<RateDecision> {
  return consumeLeased(apiLimit(), tokenId);
}

/** One public widget request (the chat widget, no account): per visitor IP and chatbot. */
export function limitWidget(ip: string, chatbotId: string): Promise<RateDecision> {
  return consumeLeased(widgetLimit(), subjectKey(ip, chatbotId));
}

/** The 429 for a refused decision: `{message}` with `Retry-After` and `RateLimit-*`. */
export function rateLimitedError(d: RateDecision, message?: string): AppError {
  return new AppError("RATE_LIMITED", message ?? `Too many requests. Retry after ${d.resetSeconds} second${d.resetSeconds === 1 ? "" : "s"}.`, {
    headers: rateLimitHeaders(d),
  });
}

/** Throws the 429 when refused; otherwise returns the headers for the successful response. */
export function enforce(d: RateDecision, message?: string): Record<string, string> {
  if (!d.allowed) throw rateLimitedError(d, message);
  return rateLimitHeaders(d);
}
