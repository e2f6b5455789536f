import { humanize } from "@/components/lib/format";
import { Badge } from "@/components/ui/badge";
import { isSourceInProgress } from "@/server/training/client";

const LABELS: Record<string, string> = { pending: "Queued", crawling: "Crawling", training: "Training", trained: "Trained", failed: "Failed" };

/** A source's training status; in-progress states pulse. */
export function SourceStatusBadge({ status, reason }: { status: string; reason: string | null }) {
  const label = LABELS[status] ?? humanize(status);
  if (status === "trained") return <Badge tone="green">{label}</Badge>;
  if (status === "failed") {
    return (
      <Badge tone="red" title={reason ?? undefined}>
        {label}
      </Badge>
    );
  }
  if (isSourceInProgress(status)) {
    return (
      <Badge tone="amber">
        <span className="mr-1.5 size-1.5 animate-pulse rounded-full bg-amber-500" aria-hidden="true" />
        {label}
      </Badge>
    );
  }
  return <Badge>{label}</Badge>;
}
