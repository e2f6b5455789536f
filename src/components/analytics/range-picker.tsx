"use client";

import { useState, type FormEvent } from "react";
import { addDays, todayUtc } from "@/components/analytics/format";
import { cn } from "@/components/lib/cn";
import { Button } from "@/components/ui/button";

export interface DateRange {
  from: string;
  to: string;
}

export const PRESETS = [7, 30, 90] as const;

/** A preset is "the last N days": from N days before today up to today (the API's default is N = 30). */
export function presetRange(days: number, today = todayUtc()): DateRange {
  return { from: addDays(today, -days), to: today };
}

/** Presets for the usual views, two date inputs for anything else. */
export function RangePicker({ value, onChange, busy }: { value: DateRange; onChange: (range: DateRange) => void; busy?: boolean }) {
  const [draft, setDraft] = useState<DateRange>(value);
  const [error, setError] = useState<string | null>(null);
  // A new range from outside (a preset, the URL) replaces what was typed.
  const [shown, setShown] = useState<DateRange>(value);
  if (shown.from !== value.from || shown.to !== value.to) {
    setShown(value);
    setDraft(value);
  }

  const today = todayUtc();
  const active = PRESETS.find((n) => {
    const p = presetRange(n, today);
    return p.from === value.from && p.to === value.to;
  });

  function apply(event: FormEvent) {
    event.preventDefault();
    if (!draft.from || !draft.to) return setError("Choose both dates.");
    if (draft.from > draft.to) return setError("The start date must be on or before the end date.");
    setError(null);
    onChange(draft);
  }

  const changed = draft.from !== value.from || draft.to !== value.to;
  return (
    <div className="flex shrink-0 flex-col gap-2 lg:items-end">
      <div className="flex flex-wrap items-center gap-2">
        <div role="group" aria-label="Quick ranges" className="inline-flex rounded-md border border-gray-300 bg-white p-0.5 shadow-sm">
          {PRESETS.map((n) => (
            <button
              key={n}
              type="button"
              aria-pressed={active === n}
              onClick={() => onChange(presetRange(n, today))}
              className={cn(
                "cursor-pointer rounded px-2.5 py-1 text-xs font-medium whitespace-nowrap transition-colors",
                active === n ? "bg-indigo-600 text-white" : "text-gray-700 hover:bg-gray-100",
              )}
            >
              {n} days
            </button>
          ))}
        </div>
        <form onSubmit={apply} noValidate className="flex flex-wrap items-center gap-2" aria-label="Custom range">
          <label className="sr-only" htmlFor="analytics-from">
            From
          </label>
          <input
            id="analytics-from"
            type="date"
            value={draft.from}
            max={draft.to || today}
            onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
            className="h-8 rounded-md border border-gray-300 bg-white px-2 text-xs text-gray-900 shadow-sm"
            aria-invalid={error !== null}
          />
          <span className="text-xs text-gray-500" aria-hidden="true">
            →
          </span>
          <label className="sr-only" htmlFor="analytics-to">
            To
          </label>
          <input
            id="analytics-to"
            type="date"
            value={draft.to}
            min={draft.from}
            onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
            className="h-8 rounded-md border border-gray-300 bg-white px-2 text-xs text-gray-900 shadow-sm"
            aria-invalid={error !== null}
          />
          <Button type="submit" size="sm" variant={changed ? "primary" : "secondary"} disabled={busy || !changed}>
            Apply
          </Button>
        </form>
      </div>
      {error ? (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      ) : (
        <p className="text-xs text-gray-500">UTC days · ranges longer than 366 days are shortened to the last 366</p>
      )}
    </div>
  );
}
