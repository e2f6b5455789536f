import { Badge } from "@/components/ui/badge";
import type { DeliveryState } from "@/server/webhooks";

const LOOK: Record<DeliveryState, { label: string; tone: "green" | "amber" | "red" | "neutral"; hint: string }> = {
  delivered: { label: "Delivered", tone: "green", hint: "Your endpoint answered with a 2xx status." },
  retrying: { label: "Retrying", tone: "amber", hint: "The last attempt failed; another attempt is scheduled." },
  failed: { label: "Failed", tone: "red", hint: "Not delivered and no further attempt is scheduled." },
  pending: { label: "Pending", tone: "neutral", hint: "Queued for its first attempt." },
};

/** Delivered (green), Retrying (amber), Failed (red) or Pending (grey): the contract's derived state. */
export function DeliveryStatusBadge({ state }: { state: DeliveryState }) {
  const look = LOOK[state];
  return (
    <Badge tone={look.tone} title={look.hint} data-state={state}>
      {look.label}
    </Badge>
  );
}
