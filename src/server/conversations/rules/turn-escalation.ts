import { escalationReason } from "@/server/conversations/rules/escalation";

/**
 * Whether recording this turn could escalate its conversation (docs/decisions/
 * 024-recording-turns-leads-and-escalations.md), decided before reading the conversation: the answer pipeline
 * records a turn that cannot in one statement, and only one that can takes
 * the transaction that reads the conversation's escalations and recent
 * answers. Exact when the answer was answered (the unanswered run then ends
 * at this turn: 0); otherwise the run is at least this turn and is taken at
 * its longest (the threshold), so a turn that may escalate is never missed.
 * An existing escalation (one per conversation) is left to the full check.
 */
export function mayEscalate(turn: { enabled: boolean; threshold: number; message: string; answered: boolean }): boolean {
  if (!turn.enabled) return false;
  const longestRun = turn.answered ? 0 : Math.max(turn.threshold, 1);
  return escalationReason({ enabled: true, alreadyEscalated: false, message: turn.message, unansweredInARow: longestRun, threshold: turn.threshold }) !== null;
}
