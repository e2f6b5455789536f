import { asksForPerson } from "@/server/kernel/language";

/**
 * Escalation rules (docs/decisions/024-recording-turns-leads-and-escalations.md), when `enable_escalations` is on: the
 * visitor asks for a human in plain words (in any language the toolkit knows), or `escalate_message_threshold`
 * questions in a row went unanswered. One escalation per conversation.
 */
/** A request for a person in words, in any of the toolkit's languages (kernel/language/person-request.ts). */
export const asksForHuman = asksForPerson;

export type EscalationReason = "requested_human" | "unanswered_questions";

export function escalationReason(input: {
  enabled: boolean;
  alreadyEscalated: boolean;
  message: string;
  /** Assistant replies with `answered` false at the end of the conversation, this one included. */
  unansweredInARow: number;
  threshold: number;
}): EscalationReason | null {
  if (!input.enabled || input.alreadyEscalated) return null;
  if (asksForHuman(input.message)) return "requested_human";
  if (input.unansweredInARow >= input.threshold) return "unanswered_questions";
  return null;
}

export function unansweredInARow(answeredFlags: Array<boolean | null>): number {
  let n = 0;
  for (let i = answeredFlags.length - 1; i >= 0; i--) {
    if (answeredFlags[i] === false) n++;
    else if (answeredFlags[i] === true) break;
  }
  return n;
}
