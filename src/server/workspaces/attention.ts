/**
 * Which clients need the agency's attention first on its cockpit,
 * and why, in words. Pure.
 */
import type { PauseMode, WorkspaceStatus } from "@/server/workspaces/status";

/** Below this share of questions answered, a client's agents need better sources. */
export const LOW_ANSWERED_RATE = 0.7;
/** Fewer days of credits than this at the recent pace is a warning. */
export const SHORT_RUNWAY_DAYS = 7;

export function attentionReasons(c: {
  status: WorkspaceStatus;
  pauseMode: PauseMode | null;
  archived: boolean;
  hasLimit: boolean;
  remaining: number;
  lowCredits: boolean;
  runwayDays: number | null;
  questions: number;
  answered: number;
}): string[] {
  if (c.archived) return [];
  const reasons: string[] = [];
  if (c.status === "suspended") reasons.push("Suspended");
  else if (c.status === "paused") reasons.push(c.pauseMode === "soft" ? "Soft-paused" : "Paused");
  if (c.hasLimit && c.remaining <= 0 && c.status === "active") reasons.push("Out of credits");
  else if (c.lowCredits) reasons.push("Low credits");
  else if (c.runwayDays !== null && c.runwayDays < SHORT_RUNWAY_DAYS && c.status === "active") reasons.push(`Credits last about ${Math.floor(c.runwayDays)} days`);
  if (c.questions >= 5 && c.answered / c.questions < LOW_ANSWERED_RATE) reasons.push(`${c.questions - c.answered} unanswered questions`);
  return reasons;
}

/** Share of questions answered, or null without questions. */
export const answeredRate = (questions: number, answered: number): number | null => (questions > 0 ? answered / questions : null);
