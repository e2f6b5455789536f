import { Badge } from "@/components/ui/badge";
import { STATUS_LABELS, type ConversationStatus } from "@/server/conversations/client";

const TONES: Record<ConversationStatus, "neutral" | "amber" | "green" | "indigo"> = { bot: "neutral", waiting: "amber", human: "indigo", resolved: "green" };

/** Who answers a conversation: the bot, waiting for a person, a person, resolved. */
export function StatusBadge({ status }: { status: ConversationStatus }) {
  return <Badge tone={TONES[status]} data-testid="conversation-status">{STATUS_LABELS[status]}</Badge>;
}
