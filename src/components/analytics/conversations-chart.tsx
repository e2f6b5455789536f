"use client";

import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { dayLabel, formatCount, weekdayLabel } from "@/components/analytics/format";

interface Point {
  index: number;
  day: string;
  previousDay: string | undefined;
  current: number;
  previous: number | undefined;
}

const CURRENT = "#4f46e5";
const PREVIOUS = "#9ca3af";

/** Conversations per day, the previous period drawn under it day for day. */
export function ConversationsChart({ current, previous }: { current: Record<string, number>; previous: Record<string, number> }) {
  const previousDays = Object.entries(previous);
  const data: Point[] = Object.entries(current).map(([day, count], index) => ({
    index,
    day,
    previousDay: previousDays[index]?.[0],
    current: count,
    previous: previousDays[index]?.[1],
  }));
  const total = data.reduce((s, p) => s + p.current, 0);
  const previousTotal = previousDays.reduce((s, [, n]) => s + n, 0);

  return (
    <figure>
      <figcaption className="sr-only">
        Conversations per day: {formatCount(total)} in this period, {formatCount(previousTotal)} in the previous period.
      </figcaption>
      <div className="mb-3 flex flex-wrap items-center gap-x-5 gap-y-1 text-xs text-gray-600" aria-hidden="true">
        <span className="inline-flex items-center gap-1.5">
          <span className="h-0.5 w-4 rounded bg-indigo-600" /> This period
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="w-4 border-t-2 border-dashed border-gray-400" /> Previous period
        </span>
      </div>
      <div className="h-64 w-full sm:h-72" data-testid="conversations-chart">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: -12 }}>
            <CartesianGrid stroke="#f3f4f6" vertical={false} />
            <XAxis
              dataKey="day"
              tickFormatter={dayLabel}
              tick={{ fontSize: 12, fill: "#6b7280" }}
              tickLine={false}
              axisLine={{ stroke: "#e5e7eb" }}
              minTickGap={28}
              interval="preserveStartEnd"
            />
            <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: "#6b7280" }} tickLine={false} axisLine={false} width={48} />
            <Tooltip content={<ChartTooltip />} cursor={{ stroke: "#c7d2fe", strokeWidth: 1 }} />
            <Line
              type="monotone"
              dataKey="previous"
              name="Previous period"
              stroke={PREVIOUS}
              strokeWidth={1.5}
              strokeDasharray="4 4"
              dot={false}
              activeDot={{ r: 3 }}
              isAnimationActive={false}
            />
            <Line
              type="monotone"
              dataKey="current"
              name="This period"
              stroke={CURRENT}
              strokeWidth={2.25}
              dot={data.length <= 31 ? { r: 2.5, strokeWidth: 0, fill: CURRENT } : false}
              activeDot={{ r: 4.5 }}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

function ChartTooltip({ active, payload }: { active?: boolean; payload?: ReadonlyArray<{ payload?: Point }> }) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <div className="rounded-md border border-gray-200 bg-white px-3 py-2 text-xs shadow-lg">
      <div className="flex items-center justify-between gap-4">
        <span className="flex items-center gap-1.5 text-gray-600">
          <span className="size-2 rounded-full bg-indigo-600" aria-hidden="true" />
          {weekdayLabel(point.day)}
        </span>
        <span className="font-semibold text-gray-900 tabular-nums">{formatCount(point.current)}</span>
      </div>
      {point.previousDay !== undefined && point.previous !== undefined ? (
        <div className="mt-1 flex items-center justify-between gap-4">
          <span className="flex items-center gap-1.5 text-gray-500">
            <span className="size-2 rounded-full bg-gray-400" aria-hidden="true" />
            {weekdayLabel(point.previousDay)}
          </span>
          <span className="font-medium text-gray-600 tabular-nums">{formatCount(point.previous)}</span>
        </div>
      ) : null}
    </div>
  );
}
