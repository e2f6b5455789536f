import { Badge } from "@/components/ui/badge";

const ROLLOUT = { running: ["Running", "indigo"], completed: ["Completed", "green"], rolling_back: ["Rolling back", "amber"], rolled_back: ["Rolled back", "neutral"] } as const;
const CHATBOT = { pending: ["Pending", "neutral"], applied: ["Applied", "green"], skipped: ["Skipped", "amber"], rolled_back: ["Rolled back", "red"] } as const;

export function RolloutStatusBadge({ status }: { status: keyof typeof ROLLOUT }) {
  const [label, tone] = ROLLOUT[status];
  return <Badge tone={tone}>{label}</Badge>;
}

export function RolloutChatbotBadge({ status }: { status: keyof typeof CHATBOT }) {
  const [label, tone] = CHATBOT[status];
  return <Badge tone={tone}>{label}</Badge>;
}
