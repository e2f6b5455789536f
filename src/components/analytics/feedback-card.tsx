import { countDelta, formatCount } from "@/components/analytics/format";
import { DeltaChip } from "@/components/analytics/metric-card";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";

/** Thumbs up and down given in the period: the split, and each side against the previous period. */
export function FeedbackCard({
  positive,
  negative,
  previousPositive,
  previousNegative,
}: {
  positive: number;
  negative: number;
  previousPositive: number;
  previousNegative: number;
}) {
  const total = positive + negative;
  const share = (p: number, n: number) => (p + n === 0 ? null : Math.round((p / (p + n)) * 100));
  const current = share(positive, negative);
  const before = share(previousPositive, previousNegative);
  return (
    <Card className="flex flex-col">
      <CardHeader className="flex items-baseline justify-between gap-2">
        <CardTitle>Feedback</CardTitle>
        <span className="text-xs text-gray-500">ratings given</span>
      </CardHeader>
      <CardBody className="flex flex-1 flex-col gap-5">
        {total === 0 ? (
          <p className="py-4 text-center text-sm text-gray-500">No visitor rated an answer in this period.</p>
        ) : (
          <div>
            <p className="text-3xl font-semibold tracking-tight text-gray-900 tabular-nums">
              {current}%<span className="ml-2 text-sm font-normal text-gray-500">of ratings positive</span>
            </p>
            <div className="mt-4 space-y-3 text-xs text-gray-500">
              <SplitBar label="This period" positive={positive} negative={negative} percent={current} />
              <SplitBar label="Previous period" positive={previousPositive} negative={previousNegative} percent={before} muted />
            </div>
          </div>
        )}
        <dl className="grid grid-cols-2 gap-3">
          <div className="rounded-md bg-emerald-50/60 p-3">
            <dt className="flex items-center gap-1.5 text-xs font-medium text-emerald-800">
              <span aria-hidden="true">👍</span> Positive
            </dt>
            <dd className="mt-1 text-lg font-semibold text-gray-900 tabular-nums">{formatCount(positive)}</dd>
            <dd className="mt-1 text-xs">
              <DeltaChip delta={countDelta(positive, previousPositive)} /> <span className="text-gray-500">vs {formatCount(previousPositive)}</span>
            </dd>
          </div>
          <div className="rounded-md bg-red-50/60 p-3">
            <dt className="flex items-center gap-1.5 text-xs font-medium text-red-800">
              <span aria-hidden="true">👎</span> Negative
            </dt>
            <dd className="mt-1 text-lg font-semibold text-gray-900 tabular-nums">{formatCount(negative)}</dd>
            <dd className="mt-1 text-xs">
              <DeltaChip delta={countDelta(negative, previousNegative)} goodWhen="down" />{" "}
              <span className="text-gray-500">vs {formatCount(previousNegative)}</span>
            </dd>
          </div>
        </dl>
      </CardBody>
    </Card>
  );
}

function SplitBar({ label, positive, negative, percent, muted }: { label: string; positive: number; negative: number; percent: number | null; muted?: boolean }) {
  const total = positive + negative;
  return (
    <div>
      <div className="mb-1 flex justify-between">
        <span>{label}</span>
        <span className="tabular-nums">{percent === null ? "no ratings" : `${percent}% positive`}</span>
      </div>
      <div
        className={`flex h-2.5 overflow-hidden rounded-full ${total === 0 ? "bg-gray-100" : muted ? "bg-red-200" : "bg-red-400"}`}
        role="img"
        aria-label={`${label}: ${formatCount(positive)} positive and ${formatCount(negative)} negative ratings`}
      >
        {total > 0 ? <div className={`h-full ${muted ? "bg-emerald-300" : "bg-emerald-500"}`} style={{ width: `${(positive / total) * 100}%` }} /> : null}
      </div>
    </div>
  );
}
