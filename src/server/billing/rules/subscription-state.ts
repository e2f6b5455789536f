/**
 * A client's subscription follows Stripe (docs/decisions/110-billing-follows-stripe-exactly-once.md): its
 * states are Stripe's, read from Stripe; this module decides, without I/O, whether a state read now
 * replaces the one stored, what the workspace gets from it, and what the dunning rule does.
 */
export const SUBSCRIPTION_STATUSES = ["incomplete", "incomplete_expired", "trialing", "active", "past_due", "unpaid", "canceled", "paused"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Stripe's lifecycle, as a rank: a read that would take a subscription back along it at the same instant is stale. */
const RANK: Record<SubscriptionStatus, number> = { incomplete: 0, trialing: 1, active: 1, past_due: 2, unpaid: 3, paused: 3, canceled: 4, incomplete_expired: 4 };

/** Ends of the line: Stripe never moves a subscription out of them. */
export const isEnded = (status: string) => status === "canceled" || status === "incomplete_expired";

/** The plan's allowance applies while Stripe is collecting (or trying to collect) for it. */
export const servesPlan = (status: string) => status === "active" || status === "trialing" || status === "past_due" || status === "unpaid";

export interface StoredState {
  status: string;
  /** When the stored state was read from Stripe (null: never). */
  syncedAt: Date | null;
}

/**
 * Whether a state read from Stripe at `readAt` replaces the stored one: never out of an end state, never
 * an older read; at the same instant only a step forward along the lifecycle.
 */
export function replacesStored(stored: StoredState, read: { status: string; readAt: Date }): boolean {
  if (isEnded(stored.status) && stored.syncedAt !== null) return read.status === stored.status && read.readAt > stored.syncedAt;
  if (stored.syncedAt === null) return true;
  if (read.readAt.getTime() !== stored.syncedAt.getTime()) return read.readAt > stored.syncedAt;
  return (RANK[read.status as SubscriptionStatus] ?? 0) > (RANK[stored.status as SubscriptionStatus] ?? 0);
}

export interface PlanTerms {
  messageAllowance: number;
  overagePer100: number | null;
  includedIntegrations: string[];
}

/**
 * What the workspace gets from its subscription, with no proration: the plan's monthly allowance as its
 * `message_limit` while the plan is served, overage past it when the plan has an overage price; the first
 * paid period and each new one (its start moved on) is a fresh allowance. Null: nothing to change (not
 * served yet, or ended).
 */
export function allowanceFor(plan: PlanTerms, status: string, periodStart: Date | null, storedPeriodStart: Date | null) {
  if (!servesPlan(status)) return null;
  // The first paid period, or a period that moved on: what was used before it does not count against it.
  const newPeriod = periodStart !== null && (storedPeriodStart === null || periodStart > storedPeriodStart);
  return {
    messageLimit: plan.messageAllowance,
    overageAllowed: plan.overagePer100 !== null,
    integrations: plan.includedIntegrations.length ? plan.includedIntegrations : null,
    newPeriod,
  };
}

export interface DunningRule {
  graceDays: number;
  mode: "soft" | "hard";
}

export type DunningStep = { do: "none" } | { do: "start-clock" } | { do: "stop-clock" } | { do: "pause"; mode: "soft" | "hard" } | { do: "resume" };

/**
 * The dunning rule: a failed payment (Stripe: `past_due` or `unpaid`) starts a clock; once `graceDays`
 * have passed the workspace is paused (soft or hard, the agency's choice) with the reason "dunning"; a
 * paid invoice (the subscription active again) stops the clock and lifts that pause — and only that pause.
 */
export function dunningStep(
  state: { status: string; pastDueSince: Date | null; workspaceStatus: string; pauseReason: string | null },
  rule: DunningRule,
  now: Date,
): DunningStep {
  const failing = state.status === "past_due" || state.status === "unpaid";
  if (!failing) {
    if (state.workspaceStatus === "paused" && state.pauseReason === "dunning" && servesPlan(state.status)) return { do: "resume" };
    return state.pastDueSince ? { do: "stop-clock" } : { do: "none" };
  }
  if (!state.pastDueSince) return rule.graceDays === 0 && state.workspaceStatus === "active" ? { do: "pause", mode: rule.mode } : { do: "start-clock" };
  const due = state.pastDueSince.getTime() + rule.graceDays * 86_400_000;
  return now.getTime() >= due && state.workspaceStatus === "active" ? { do: "pause", mode: rule.mode } : { do: "none" };
}
