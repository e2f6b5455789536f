"use client";

import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatDateTime } from "@/components/lib/format";

export interface ScorePoint {
  id: string;
  at: string;
  score: number;
  dropped: boolean;
}

const LINE = "#4f46e5";
const DROP = "#dc2626";

/** The quality score of each completed evaluation, oldest first; runs that dropped after a training are red. */
export function ScoreChart({ points }: { points: ScorePoint[] }) {
  const first = points[0];
  const last = points.at(-1);
  return (
    <figure>
      <figcaption className="sr-only">
        Quality score over {points.length} evaluations{first && last ? `: from ${first.score} to ${last.score}` : ""}.
      </figcaption>
      <div className="h-56 w-full" data-testid="quality-chart">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: -12 }}>
            <CartesianGrid stroke="#f3f4f6" vertical={false} />
            <XAxis dataKey="at" tickFormatter={(v: string) => formatDateTime(v)} tick={{ fontSize: 12, fill: "#6b7280" }} tickLine={false} axisLine={{ stroke: "#e5e7eb" }} minTickGap={48} />
            <YAxis domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tick={{ fontSize: 12, fill: "#6b7280" }} tickLine={false} axisLine={false} width={44} />
            <Tooltip content={<PointTooltip />} cursor={{ stroke: "#c7d2fe", strokeWidth: 1 }} />
            <Line
              type="monotone"
              dataKey="score"
              name="Score"
              stroke={LINE}
              strokeWidth={2.25}
              dot={(props: { cx?: number; cy?: number; payload?: ScorePoint; index?: number }) => (
                <circle key={props.index} cx={props.cx} cy={props.cy} r={props.payload?.dropped ? 4.5 : 3} fill={props.payload?.dropped ? DROP : LINE} strokeWidth={0} />
              )}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

function PointTooltip({ active, payload }: { active?: boolean; payload?: ReadonlyArray<{ payload?: ScorePoint }> }) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <div className="rounded-md border border-gray-200 bg-white px-3 py-2 text-xs shadow-lg">
      <div className="text-gray-600">{formatDateTime(point.at)}</div>
      <div className="font-semibold text-gray-900 tabular-nums">Score {point.score}</div>
      {point.dropped ? <div className="text-red-700">Dropped after a training</div> : null}
    </div>
  );
}
