"use client";

import { useId, useState } from "react";
import { formatCount } from "@/components/analytics/format";
import { cn } from "@/components/lib/cn";
import type { RouterOutputs } from "@/components/lib/trpc-types";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";

type Insights = RouterOutputs["analytics"]["get"]["insights"];
type Theme = NonNullable<Insights["answered_questions"]>["insight_data"][number];
type Tab = "unanswered" | "answered";

/** What visitors asked, grouped into themes by the insights job; unanswered first, since those need work. */
export function InsightThemes({ insights }: { insights: Insights }) {
  const [tab, setTab] = useState<Tab>("unanswered");
  const baseId = useId();
  const lists: Record<Tab, Theme[] | null> = {
    unanswered: insights.unanswered_questions?.insight_data ?? null,
    answered: insights.answered_questions?.insight_data ?? null,
  };
  const pending = lists.answered === null && lists.unanswered === null;
  const themes = lists[tab];

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <CardTitle>Question themes</CardTitle>
          <p className="mt-0.5 text-xs text-gray-500">
            Visitor questions grouped by what they are about · {insights.period_type === "weekly" ? "weekly" : "monthly"} insights
          </p>
        </div>
        {!pending ? (
          <div role="tablist" aria-label="Question themes" className="inline-flex rounded-md bg-gray-100 p-0.5 text-xs font-medium">
            {(["unanswered", "answered"] as const).map((t) => (
              <button
                key={t}
                id={`${baseId}-${t}-tab`}
                type="button"
                role="tab"
                aria-selected={tab === t}
                aria-controls={`${baseId}-panel`}
                onClick={() => setTab(t)}
                className={cn(
                  "cursor-pointer rounded px-3 py-1.5 transition-colors",
                  tab === t ? "bg-white text-gray-900 shadow-sm" : "text-gray-600 hover:text-gray-900",
                )}
              >
                {t === "unanswered" ? "Unanswered" : "Answered"}
                <span className="ml-1.5 text-gray-600 tabular-nums">{lists[t]?.reduce((s, th) => s + th.frequency, 0) ?? 0}</span>
              </button>
            ))}
          </div>
        ) : null}
      </CardHeader>
      {pending ? (
        <div className="flex items-start gap-3 px-5 py-6 text-sm text-gray-600" role="status">
          <span className="mt-0.5 size-2 shrink-0 animate-pulse rounded-full bg-indigo-400" aria-hidden="true" />
          <p>
            Themes for this period are being prepared in the background. They usually appear within a minute or two; the presets (7, 30 and 90
            days) are refreshed every night.
          </p>
        </div>
      ) : (
        <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-${tab}-tab`}>
          {!themes || themes.length === 0 ? (
            <p className="px-5 py-8 text-center text-sm text-gray-500">
              {tab === "unanswered" ? "Every question in this period got an answer. 🎉" : "No answered questions in this period."}
            </p>
          ) : (
            <ThemeList themes={themes} tone={tab} />
          )}
        </div>
      )}
    </Card>
  );
}

function ThemeList({ themes, tone }: { themes: Theme[]; tone: Tab }) {
  const max = Math.max(1, ...themes.map((t) => t.frequency));
  return (
    <ol className="grid gap-px bg-gray-100 sm:grid-cols-2" aria-label={tone === "unanswered" ? "Unanswered question themes" : "Answered question themes"}>
      {themes.map((theme) => (
        <li key={`${theme.theme}-${theme.summary_question}`} className="bg-white px-5 py-4">
          <div className="flex items-center justify-between gap-3">
            <span
              className={cn(
                "truncate rounded-full px-2 py-0.5 text-xs font-medium",
                tone === "unanswered" ? "bg-amber-50 text-amber-800" : "bg-emerald-50 text-emerald-700",
              )}
            >
              {theme.theme}
            </span>
            <span className="shrink-0 text-xs text-gray-500 tabular-nums">
              {formatCount(theme.frequency)} {theme.frequency === 1 ? "question" : "questions"}
            </span>
          </div>
          <div className="mt-2 h-1 overflow-hidden rounded-full bg-gray-100" aria-hidden="true">
            <div className={cn("h-full rounded-full", tone === "unanswered" ? "bg-amber-400" : "bg-emerald-400")} style={{ width: `${(theme.frequency / max) * 100}%` }} />
          </div>
          <p className="mt-3 text-sm font-medium text-gray-900">“{theme.summary_question}”</p>
          {theme.examples.length > 0 ? (
            <ul className="mt-1.5 space-y-0.5 text-xs text-gray-500">
              {theme.examples.map((example) => (
                <li key={example} className="truncate" title={example}>
                  {example}
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
