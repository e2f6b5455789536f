"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useChatbot } from "@/components/chatbots/chatbot-context";
import { ErrorAlert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/components/lib/cn";
import { formatDate } from "@/components/lib/format";
import { useTRPC } from "@/trpc/react";
import { Transcript } from "./transcript";

const FILTERS = [
  { value: "all", label: "Open conversations" },
  { value: "unread", label: "Unread" },
  { value: "lead", label: "With a lead" },
  { value: "escalated", label: "Escalated" },
  { value: "negative", label: "Negative sentiment" },
  { value: "archived", label: "Archived" },
] as const;
type Filter = (typeof FILTERS)[number]["value"];

/** Conversations of the chatbot, newest first; opening one marks it read. */
export function Inbox({ chatbotId, initialConversation }: { chatbotId: string; initialConversation?: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { can_edit } = useChatbot();
  const [filter, setFilter] = useState<Filter>("all");
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(initialConversation ?? null);
  const list = useQuery(trpc.conversations.inbox.queryOptions({ chatbot_id: chatbotId, filter, page, per_page: 20 }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.conversations.inbox.queryKey() });
  const flags = useMutation(trpc.conversations.setFlags.mutationOptions({ onSuccess: refresh }));

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
      <section aria-label="Conversations" className="min-w-0 space-y-3">
        <div>
          <Label htmlFor="inbox-filter">Show</Label>
          <Select id="inbox-filter" value={filter} onChange={(e) => { setFilter(e.target.value as Filter); setPage(1); }}>
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </Select>
        </div>
        {list.isPending ? (
          <Skeleton className="h-40" />
        ) : list.error ? (
          <ErrorAlert title="Couldn't load the conversations." message={list.error.message} onRetry={() => void list.refetch()} />
        ) : list.data.data.length === 0 ? (
          <EmptyState title="No conversations here" description="Conversations appear as visitors (or the playground) ask questions." />
        ) : (
          <>
            <ul className="divide-y divide-gray-200 overflow-hidden rounded-lg border border-gray-200 bg-white">
              {list.data.data.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    data-testid="inbox-conversation"
                    aria-current={selected === c.id ? "true" : undefined}
                    onClick={() => {
                      setSelected(c.id);
                      // On narrow screens the transcript sits below the list: bring it into view.
                      if (window.matchMedia("(max-width: 1023px)").matches) {
                        requestAnimationFrame(() => document.getElementById("inbox-transcript")?.scrollIntoView({ block: "start" }));
                      }
                    }}
                    className={cn("flex w-full flex-col gap-1 px-3 py-2.5 text-left text-sm hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-indigo-600", selected === c.id && "bg-indigo-50")}
                  >
                    <span className="flex items-center gap-2">
                      {c.unread ? <span className="size-2 rounded-full bg-indigo-600" aria-label="Unread" /> : null}
                      <span className={cn("truncate", c.unread ? "font-semibold text-gray-900" : "text-gray-700")}>Visitor {c.visitor_id.slice(0, 8)}</span>
                      {c.country_code ? <span className="text-xs text-gray-500">{c.country_code}</span> : null}
                    </span>
                    <span className="flex flex-wrap items-center gap-2 text-xs text-gray-500">
                      <time dateTime={c.last_message_at}>{formatDate(c.last_message_at)}</time>
                      <span>{c.message_count} messages</span>
                      {c.sentiment === "negative" ? <Badge tone="red">Negative</Badge> : null}
                      {c.archived ? <Badge>Archived</Badge> : null}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            <nav aria-label="Pages" className="flex items-center justify-between text-sm">
              <button type="button" className="text-indigo-700 disabled:text-gray-400" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </button>
              <span className="text-gray-500">
                Page {page} of {Math.max(1, Math.ceil(list.data.total / list.data.per_page))}
              </span>
              <button type="button" className="text-indigo-700 disabled:text-gray-400" disabled={page * list.data.per_page >= list.data.total} onClick={() => setPage(page + 1)}>
                Next
              </button>
            </nav>
          </>
        )}
      </section>
      <section id="inbox-transcript" aria-label="Transcript" className="min-w-0 scroll-mt-4">
        {selected ? (
          <Transcript
            key={selected}
            chatbotId={chatbotId}
            conversationId={selected}
            canImprove={can_edit}
            onOpened={() => void refresh()}
            onFlags={(f) => flags.mutate({ chatbot_id: chatbotId, conversation_id: selected, ...f })}
            busy={flags.isPending}
          />
        ) : (
          <Card className="p-6 text-sm text-gray-500">Pick a conversation to read it.</Card>
        )}
      </section>
    </div>
  );
}
