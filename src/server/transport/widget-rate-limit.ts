import { enforce, limitWidget } from "@/server/kernel/rate-limit";

/**
 * The public widget's rate limit per client IP and chatbot (docs/decisions/028-rate-limits.md): the
 * shared PostgreSQL limiter (`RATE_LIMIT_WIDGET_PER_MINUTE`, config, chat,
 * feedback and link clicks together), so every app instance spends one budget.
 * Throws the 429 (`Retry-After`, `RateLimit-*`) with the widget's own wording;
 * otherwise returns the `RateLimit-*` headers.
 */
export const WIDGET_RATE_LIMITED_MESSAGE = "You're sending messages a little too quickly. Please wait a moment and try again.";

export async function limitWidgetRequest(ip: string, chatbotId: string): Promise<Record<string, string>> {
  return enforce(await limitWidget(ip, chatbotId), WIDGET_RATE_LIMITED_MESSAGE);
}
