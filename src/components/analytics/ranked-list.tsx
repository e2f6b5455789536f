import type { ReactNode } from "react";
import { formatCount } from "@/components/analytics/format";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";

export interface RankedItem {
  key: string;
  label: ReactNode;
  /** Plain text of the label, for the bar's accessible name and the tooltip. */
  text: string;
  value: number;
  leading?: ReactNode;
}

/** A top-N list with a bar behind each entry, scaled to the first (largest) one. */
export function RankedList({
  title,
  unit,
  items,
  empty,
  barClassName = "bg-indigo-100",
}: {
  title: string;
  /** What the numbers count, e.g. "conversations". */
  unit: string;
  items: RankedItem[];
  empty: string;
  barClassName?: string;
}) {
  const max = Math.max(1, ...items.map((i) => i.value));
  return (
    <Card className="flex flex-col">
      <CardHeader className="flex items-baseline justify-between gap-2">
        <CardTitle>{title}</CardTitle>
        <span className="text-xs text-gray-500">{unit}</span>
      </CardHeader>
      {items.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-gray-500">{empty}</p>
      ) : (
        <ol className="space-y-1.5 px-3 py-3" aria-label={title}>
          {items.map((item) => (
            <li key={item.key} className="relative flex items-center gap-3 rounded-md px-2 py-1.5 text-sm" title={`${item.text}: ${item.value} ${unit}`}>
              <span
                aria-hidden="true"
                className={`absolute inset-y-0 left-0 rounded-md ${barClassName}`}
                style={{ width: `${Math.max(2, (item.value / max) * 100)}%` }}
              />
              {item.leading ? <span className="relative shrink-0">{item.leading}</span> : null}
              <span className="relative min-w-0 flex-1 truncate text-gray-800">{item.label}</span>
              <span className="relative shrink-0 font-medium text-gray-900 tabular-nums">{formatCount(item.value)}</span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
