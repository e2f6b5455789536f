import type { ReactNode } from "react";
import type { Delta } from "@/components/analytics/format";
import { cn } from "@/components/lib/cn";
import { Card } from "@/components/ui/card";

/**
 * One headline number with its change against the previous period. `goodWhen`
 * says which direction is good news (negative sentiment going up is bad).
 */
export function MetricCard({
  label,
  value,
  delta,
  previous,
  goodWhen = "up",
  hint,
  icon,
}: {
  label: string;
  value: ReactNode;
  delta?: Delta;
  previous?: string;
  goodWhen?: "up" | "down";
  hint?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <Card className="flex flex-col p-4">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-xs font-medium tracking-wide text-gray-500 uppercase">{label}</h3>
        {icon ? (
          <span className="text-gray-500" aria-hidden="true">
            {icon}
          </span>
        ) : null}
      </div>
      <p className="mt-2 text-2xl font-semibold tracking-tight text-gray-900 tabular-nums">{value}</p>
      <div className="mt-2 flex min-h-5 flex-wrap items-center gap-x-2 gap-y-1 text-xs">
        {delta ? <DeltaChip delta={delta} goodWhen={goodWhen} /> : null}
        {previous ? <span className="text-gray-500">vs {previous} before</span> : null}
        {hint ? <span className="text-gray-500">{hint}</span> : null}
      </div>
    </Card>
  );
}

export function DeltaChip({ delta, goodWhen = "up" }: { delta: Delta; goodWhen?: "up" | "down" }) {
  const good = delta.trend !== "flat" && delta.trend === goodWhen;
  const bad = delta.trend !== "flat" && !good;
  const direction = delta.trend === "up" ? "Up" : delta.trend === "down" ? "Down" : "No change";
  return (
    <span
      className={cn(
        "inline-flex items-center gap-0.5 rounded-full px-1.5 py-0.5 font-medium tabular-nums",
        good && "bg-emerald-50 text-emerald-700",
        bad && "bg-red-50 text-red-700",
        !good && !bad && "bg-gray-100 text-gray-600",
      )}
    >
      <span aria-hidden="true">{delta.trend === "up" ? "▲" : delta.trend === "down" ? "▼" : "■"}</span>
      <span className="sr-only">{direction}</span>
      {delta.label}
    </span>
  );
}
