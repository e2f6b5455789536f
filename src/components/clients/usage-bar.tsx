import { cn } from "@/components/lib/cn";
import { formatNumber, percentOf } from "@/components/clients/format";

/** A thin bar for `used` out of `total`; amber from 80 %, red when full. */
export function UsageBar({ used, total, label, className }: { used: number; total: number; label: string; className?: string }) {
  const percent = percentOf(used, total);
  const tone = percent >= 100 ? "bg-red-500" : percent >= 80 ? "bg-amber-500" : "bg-indigo-500";
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={Math.min(used, total)}
      aria-valuetext={`${formatNumber(used)} of ${formatNumber(total)} (${Math.round(percent)}%)`}
      className={cn("h-1.5 w-full overflow-hidden rounded-full bg-gray-100", className)}
    >
      <div className={cn("h-full rounded-full transition-[width]", tone)} style={{ width: `${percent}%` }} />
    </div>
  );
}
