"use client";

import { Badge } from "@/components/ui/badge";
import { slaState, waitedLabel } from "@/server/conversations/client";

/** How long the visitor has waited for a person's answer, coloured by the reply SLA (on time, due soon, overdue). */
export function WaitBadge({ since, slaMinutes, now }: { since: string; slaMinutes: number; now: number }) {
  const { waitedMinutes, state } = slaState(new Date(since), slaMinutes, new Date(now));
  const tone = state === "overdue" ? "red" : state === "due_soon" ? "amber" : "neutral";
  const words = state === "overdue" ? "past the reply target" : state === "due_soon" ? "reply due soon" : "within the reply target";
  return (
    <Badge tone={tone} data-testid="inbox-wait" data-sla={state} title={`Reply target: ${slaMinutes} min`}>
      Waiting {waitedLabel(waitedMinutes)} · {words}
    </Badge>
  );
}
