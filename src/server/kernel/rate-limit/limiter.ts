import { createHash } from "node:crypto";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { getDb, poolOf } from "@/server/kernel/db/client";
import { LeasedBudget } from "@/server/kernel/rate-limit/lease";

/**
 * Rate limits (docs/decisions/028-rate-limits.md) with rate-limiter-flexible on PostgreSQL, so every
 * app instance shares the counters. One table (`rate_limits`, made by our
 * migration, hence `tableCreated: true`); each limiter owns a key prefix.
 * When the database cannot be reached, an in-memory limiter with the same
 * budget stands in (the library's "insurance"), so a counter outage neither
 * opens the gates nor turns every request into a 500.
 */
export interface LimitSpec {
  /** Key prefix, e.g. `api`. */
  name: string;
  points: number;
  durationSeconds: number;
}

/** The outcome of one check, enough to write the `RateLimit-*` headers. */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets (at least 1). */
  resetSeconds: number;
}

const cache = globalThis as unknown as { rateLimiters?: Map<string, RateLimiterPostgres>; leasedBudgets?: Map<string, LeasedBudget> };

function limiterFor(spec: LimitSpec): RateLimiterPostgres {
  cache.rateLimiters ??= new Map();
  const id = `${spec.name}/${spec.points}/${spec.durationSeconds}`;
  let limiter = cache.rateLimiters.get(id);
  if (!limiter) {
    limiter = new RateLimiterPostgres({
      storeClient: poolOf(getDb()),
      storeType: "pool",
      tableName: "rate_limits",
      tableCreated: true,
      keyPrefix: spec.name,
      points: spec.points,
      duration: spec.durationSeconds,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: spec.name, points: spec.points, duration: spec.durationSeconds }),
    });
    cache.rateLimiters.set(id, limiter);
  }
  return limiter;
}

/** Subjects longer than a UUID (emails, IPv6 + ids) are hashed: keys stay short and hold no personal data. */
export function subjectKey(...parts: string[]): string {
  const joined = parts.join("|");
  return joined.length <= 64 ? joined : createHash("sha256").update(joined).digest("hex");
}

function decision(spec: LimitSpec, res: RateLimiterRes, allowed: boolean): RateDecision {
  return {
    allowed,
    limit: spec.points,
    remaining: allowed ? res.remainingPoints : 0,
    resetSeconds: Math.max(1, Math.ceil((res.msBeforeNext > 0 ? res.msBeforeNext : spec.durationSeconds * 1000) / 1000)),
  };
}

/** Spends `points` of the subject's budget; `allowed: false` once the budget is spent. */
export async function consume(spec: LimitSpec, subject: string, points = 1): Promise<RateDecision> {
  try {
    return decision(spec, await limiterFor(spec).consume(subject, points), true);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return decision(spec, rejection, false);
    throw rejection;
  }
}

/**
 * Spends one point like `consume`, but through a lease (kernel/rate-limit/lease.ts):
 * one round trip per 1 % of the budget instead of one per request, never more
 * than the budget across processes. For the per-request limits (`/v1`, the
 * widget); limits whose counters are peeked or reset (sign-in) use `consume`.
 */
export async function consumeLeased(spec: LimitSpec, subject: string): Promise<RateDecision> {
  cache.leasedBudgets ??= new Map();
  const id = `${spec.name}/${spec.points}/${spec.durationSeconds}`;
  let budget = cache.leasedBudgets.get(id);
  if (!budget) {
    budget = new LeasedBudget(limiterFor(spec), spec.points);
    cache.leasedBudgets.set(id, budget);
  }
  const d = await budget.consume(subject);
  return { allowed: d.allowed, limit: spec.points, remaining: d.remaining, resetSeconds: Math.max(1, Math.ceil(d.msBeforeNext / 1000)) };
}

/** Gives `points` back to the subject's budget (an attempt reserved, then not counted). */
export async function refund(spec: LimitSpec, subject: string, points = 1): Promise<void> {
  await limiterFor(spec).reward(subject, points);
}

/** Forgets the subject's counter (e.g. a successful sign-in clears the account's failures). */
export async function reset(spec: LimitSpec, subject: string): Promise<void> {
  await limiterFor(spec).delete(subject);
}

/** The draft IETF `RateLimit-*` headers, plus `Retry-After` when refused. */
export function rateLimitHeaders(d: RateDecision): Record<string, string> {
  const headers: Record<string, string> = {
    "RateLimit-Limit": String(d.limit),
    "RateLimit-Remaining": String(d.remaining),
    "RateLimit-Reset": String(d.resetSeconds),
  };
  if (!d.allowed) headers["Retry-After"] = String(d.resetSeconds);
  return headers;
}
