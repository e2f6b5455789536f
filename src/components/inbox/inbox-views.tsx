"use client";

import { cn } from "@/components/lib/cn";

export type InboxView = "unread" | "mine" | "unassigned" | "all";

/** Each view as the inbox list's filter and assignee (inbox.ts: `people` is waiting or with a person). */
export const VIEW_QUERY: Record<InboxView, { filter: "unread" | "people" | "all"; assignee: string }> = {
  unread: { filter: "unread", assignee: "" },
  mine: { filter: "people", assignee: "me" },
  unassigned: { filter: "people", assignee: "none" },
  all: { filter: "all", assignee: "" },
};

const LABELS: Record<InboxView, string> = { unread: "Unread", mine: "Assigned to me", unassigned: "Unassigned", all: "All open" };

export function viewOf(filter: string, assignee: string): InboxView | null {
  return (Object.keys(VIEW_QUERY) as InboxView[]).find((v) => VIEW_QUERY[v].filter === filter && VIEW_QUERY[v].assignee === assignee) ?? null;
}

/** The inbox's views with their live counts (docs/decisions/121-the-inbox-for-a-support-team.md). */
export function InboxViews({ current, counts, onPick }: { current: InboxView | null; counts: Record<InboxView, number> | null; onPick: (view: InboxView) => void }) {
  return (
    <nav aria-label="Inbox views">
      <ul className="grid grid-cols-2 gap-1.5 sm:grid-cols-4 lg:grid-cols-2 xl:grid-cols-4">
        {(Object.keys(LABELS) as InboxView[]).map((view) => (
          <li key={view}>
            <button
              type="button"
              aria-current={current === view ? "true" : undefined}
              data-testid={`inbox-view-${view}`}
              onClick={() => onPick(view)}
              className={cn(
                "flex w-full items-center justify-between gap-1 rounded-md border px-2 py-1.5 text-left text-xs font-medium focus-visible:outline-2 focus-visible:outline-indigo-600",
                current === view ? "border-indigo-600 bg-indigo-50 text-indigo-800" : "border-gray-200 bg-white text-gray-700 hover:bg-gray-50",
              )}
            >
              <span>{LABELS[view]}</span>
              <span className="tabular-nums" data-testid={`inbox-view-${view}-count`}>
                {counts ? counts[view] : "…"}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
