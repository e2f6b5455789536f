/**
 * Escalation rules (docs/decisions/024-recording-turns-leads-and-escalations.md), when `enable_escalations` is on: the
 * visitor asks for a human in plain words, or `escalate_message_threshold`
 * questions in a row went unanswered. One escalation per conversation.
 */
const HUMAN = "(?:human|person|people|agent|representative|rep|operator|someone|somebody|staff|team|manager|support)";
const ASKS_FOR_HUMAN = [
  new RegExp(`\\b(?:talk|speak|chat|connect|transfer|put)\\b(?:\\s+me)?\\s+(?:to|with|through to)\\s+(?:a|an|the|some|your|real|live|actual)?\\s*(?:real\\s+|live\\s+|actual\\s+)?${HUMAN}\\b`, "i"),
  /\b(?:real|live|actual)\s+(?:human|person|agent|operator)\b/i,
  /\b(?:human|live)\s+(?:agent|support|help|operator)\b/i,
  /\b(?:call|contact|reach)\s+me\b/i,
  /\bnot\s+(?:a\s+)?(?:bot|robot|machine)\b/i,
  /\b(?:want|need)\s+(?:a|to talk to a|to speak to a)\s+(?:human|person)\b/i,
];

export function asksForHuman(text: string): boolean {
  return ASKS_FOR_HUMAN.some((re) => re.test(text));
}

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
