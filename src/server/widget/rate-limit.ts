import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { env } from "@/server/env";

/**
 * The public widget's rate limit per client IP and chatbot (DESIGN §13).
 * In-process for now: the one function the routes call, so the shared
 * PostgreSQL limiter (issue 12) can replace the body without touching them.
 */
export type RateLimitVerdict = { allowed: true; remaining: number; limit: number } | { allowed: false; retryAfterSeconds: number; limit: number };

let limiter: RateLimiterMemory | undefined;

function widgetLimiter(): RateLimiterMemory {
  limiter ??= new RateLimiterMemory({ keyPrefix: "widget", points: env().WIDGET_RATE_LIMIT_PER_MINUTE, duration: 60 });
  return limiter;
}

export async function limitWidgetRequest(ip: string, chatbotId: string): Promise<RateLimitVerdict> {
  const l = widgetLimiter();
  try {
    const res = await l.consume(`${ip}:${chatbotId}`);
    return { allowed: true, remaining: res.remainingPoints, limit: l.points };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)), limit: l.points };
    throw rejection;
  }
}
