/**
 * Message credit arithmetic (contract "Credit rules";
 * docs/decisions/010-message-credits-and-the-ledger.md). Pure: the credits
 * service applies these results inside one short transaction, and the SQL of
 * the answer path restates them once (workspaces/sql/answer-credits.sql),
 * held to them by tests/integration/credit-rules-sql.test.ts.
 *
 *   L  message_limit (null: no per-client budget, the agency pool only)
 *   U  messages served in the current monthly period
 *   T  top-up bucket (carries over, frozen while paused or suspended)
 *   D  overflow debt (answers served after both ran dry; paid by the next top-up)
 *   P  agency monthly pool, Up its use by every workspace of the agency
 */
import type { PauseMode, WorkspaceStatus } from "@/server/workspaces/status";

export interface CreditCounters {
  limit: number | null;
  used: number;
  topup: number;
  debt: number;
}

export interface Pool {
  size: number;
  used: number;
}

/** Plan defaults for agencies created without explicit values. */
export const AGENCY_PLAN_DEFAULTS = { workspaceLimit: 100, monthlyMessages: 100_000 } as const;

/** The agency pool of an agency row as read by SQL (snake_case); the plan's default size when unset. */
export const agencyPoolOf = (agency: { monthly_message_pool: number | null; pool_messages_used: number } | null | undefined): Pool => ({
  size: agency?.monthly_message_pool ?? AGENCY_PLAN_DEFAULTS.monthlyMessages,
  used: agency?.pool_messages_used ?? 0,
});

/** How a workspace may spend: everything, the monthly allowance only (soft pause), or nothing. */
export type Standing = "active" | "allowance-only" | "stopped";

export function standingOf(status: WorkspaceStatus, pauseMode: PauseMode | null): Standing {
  if (status === "active") return "active";
  if (status === "paused" && pauseMode === "soft") return "allowance-only";
  return "stopped";
}

const poolLeft = (pool: Pool) => Math.max(pool.size - pool.used, 0);
const allowanceLeft = (c: CreditCounters) => (c.limit === null ? 0 : Math.max(c.limit - c.used, 0));

/**
 * `messages_remaining`: the exact number of answers the workspace can serve
 * now — less `reserved` answers of its own already admitted and in flight
 * (admission counts those; the pool's in-flight answers go in `pool.used`).
 * SQL restates it once (`credits_remaining`, workspaces/sql/answer-credits.sql).
 */
export function remaining(c: CreditCounters, pool: Pool, standing: Standing, reserved = 0): number {
  if (standing === "stopped") return 0;
  if (c.limit === null) return poolLeft(pool);
  const own = standing === "allowance-only" ? allowanceLeft(c) : allowanceLeft(c) + c.topup;
  return Math.min(Math.max(own - reserved, 0), poolLeft(pool));
}

/** The balance as if the workspace were active: what "credits exhausted" is about. */
export function balance(c: CreditCounters, pool: Pool): number {
  return remaining(c, pool, "active");
}

export interface CounterDelta {
  used: number;
  topup: number;
  debt: number;
}

/**
 * One completed answer: from the allowance first, then the top-up bucket
 * (not while paused: it is frozen); when a concurrent answer already emptied
 * both, it becomes debt.
 */
export function chargeDelta(c: CreditCounters, standing: Standing, overageAllowed = false): CounterDelta {
  if (c.limit === null || c.used < c.limit) return { used: 1, topup: 0, debt: 0 };
  if (standing === "active" && c.topup > 0) return { used: 1, topup: -1, debt: 0 };
  if (isOverageCharge(c, standing, overageAllowed)) return { used: 1, topup: 0, debt: 0 };
  return { used: 1, topup: 0, debt: 1 };
}

/**
 * On a plan with overage (billing), an answer past the allowance and the top-up bucket of an active
 * workspace is overage: a ledger row (`overage_delta` 1) that Stripe's meter bills, not debt.
 */
export function isOverageCharge(c: CreditCounters, standing: Standing, overageAllowed: boolean): boolean {
  return overageAllowed && standing === "active" && c.limit !== null && c.used >= c.limit && c.topup <= 0;
}

/**
 * Admission past the credits: an active workspace on a plan with overage is served while the agency pool
 * has room (`reserve_answer` restates it once, in workspaces/sql/answer-credits.sql).
 */
export function admitsOverage(c: CreditCounters, pool: Pool, standing: Standing, overageAllowed: boolean): boolean {
  return overageAllowed && standing === "active" && c.limit !== null && pool.size - pool.used > 0;
}

/**
 * The largest top-up bucket a workspace may hold. The counter is a 32-bit
 * column: without a bound, 2,147 top-ups of 1,000,000 overflowed it (a 500).
 */
export const MAX_TOPUP_BUCKET = 1_000_000_000;

/** Whether adding `amount` would push the bucket past MAX_TOPUP_BUCKET (after paying the debt). */
export function topupExceedsBucket(c: CreditCounters, amount: number): boolean {
  return c.topup + topupDelta(c, amount).topup > MAX_TOPUP_BUCKET;
}

/** A top-up pays the debt first; the rest goes into the bucket. */
export function topupDelta(c: CreditCounters, amount: number): CounterDelta {
  const paid = Math.min(c.debt, amount);
  return { used: 0, topup: amount - paid, debt: paid === 0 ? 0 : -paid };
}

export function applyDelta(c: CreditCounters, d: CounterDelta): CreditCounters {
  return { ...c, used: c.used + d.used, topup: c.topup + d.topup, debt: c.debt + d.debt };
}

/**
 * `credits_exhausted_at` bookkeeping after a change: mark (and emit one
 * `client.credits_exhausted`) when a workspace with its own budget reaches a
 * zero balance, clear it when the balance is positive again (a new episode
 * may then begin). Workspaces without `message_limit` have no budget to
 * replenish and never emit.
 */
export function exhaustionChange(hasLimit: boolean, exhaustedAt: Date | null, balanceAfter: number): "mark" | "clear" | "none" {
  if (!hasLimit) return exhaustedAt ? "clear" : "none";
  if (balanceAfter <= 0) return exhaustedAt ? "none" : "mark";
  return exhaustedAt ? "clear" : "none";
}

/**
 * Auto top-up (docs/decisions/060-auto-top-up.md): "when the
 * balance falls below `threshold` (or runs out), add `amount` top-up credits,
 * at most `monthlyCap` credits per calendar month (UTC)". Answers are what
 * lower a balance, so it is decided at each answer's admission, on the
 * balance the answer would leave, under the agency's admission lock
 * (`reserve_answer` restates these two rules once, in
 * workspaces/sql/answer-credits.sql, held to them by
 * tests/integration/credit-rules-sql.test.ts).
 */
export interface AutoTopup {
  threshold: number;
  amount: number;
  monthlyCap: number;
}

/** Whether a balance is a trigger: below the threshold, or none left (`client.credits_exhausted`). */
export function autoTopupBelow(threshold: number, balanceAfter: number): boolean {
  return balanceAfter < threshold || balanceAfter <= 0;
}

/**
 * The credits an auto top-up adds after an answer left `balanceAfter`: none
 * unless active, below the threshold and this fall not yet served (`fired`:
 * one top-up per trigger, however many answers race past it); the amount,
 * cut to what the month's cap still allows; none when the bucket would pass
 * its maximum.
 */
export function autoTopupGrant(
  settings: AutoTopup | null,
  c: CreditCounters,
  standing: Standing,
  balanceAfter: number,
  fired: boolean,
  grantedThisMonth: number,
): number {
  if (!settings || standing !== "active" || fired || !autoTopupBelow(settings.threshold, balanceAfter)) return 0;
  const grant = Math.max(Math.min(settings.amount, settings.monthlyCap - grantedThisMonth), 0);
  return grant > 0 && !topupExceedsBucket(c, grant) ? grant : 0;
}

/** Calendar months, clamped to the month's last day (Jan 31 + 1 month = Feb 28/29), in UTC. */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export interface RenewalPlan {
  /** U = 0 and a new period starting at `periodStart`. */
  reset: boolean;
  periodStart: Date | null;
  nextRenewal: Date;
}

/**
 * Monthly renewal (docs/decisions/012-workspace-status-and-monthly-renewal.md): an active workspace whose renewal date has come
 * starts a new period (U = 0); a paused or suspended one is skipped and its
 * date moves on month by month. Periods start at the scheduled date, not when
 * the job happened to run, so a late job does not shift the calendar.
 */
export function planRenewal(status: WorkspaceStatus, renewAt: Date, now: Date): RenewalPlan | null {
  if (renewAt > now) return null;
  let periodStart = renewAt;
  let next = addMonths(renewAt, 1);
  while (next <= now) {
    periodStart = next;
    next = addMonths(next, 1);
  }
  return status === "active" ? { reset: true, periodStart, nextRenewal: next } : { reset: false, periodStart: null, nextRenewal: next };
}

/** `messages_remaining` of a workspace row and its agency pool (Prisma's camelCase rows). */
export function messagesRemaining(
  w: { status: WorkspaceStatus; pauseMode: PauseMode | null; messageLimit: number | null; messagesUsed: number; topupCredits: number; overflowDebt: number },
  agency: { monthlyMessagePool: number | null; poolMessagesUsed: number } | null,
): number {
  return remaining(
    { limit: w.messageLimit, used: w.messagesUsed, topup: w.topupCredits, debt: w.overflowDebt },
    agencyPoolOf(agency ? { monthly_message_pool: agency.monthlyMessagePool, pool_messages_used: agency.poolMessagesUsed } : null),
    standingOf(w.status, w.pauseMode),
  );
}
