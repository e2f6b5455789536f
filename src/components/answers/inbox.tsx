"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useChatbot } from "@/components/chatbots/chatbot-context";
import { ErrorAlert } from "@/components/ui/alert";
import { needsAccessRequest, RequestAccess } from "@/components/access-log/request-access";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/components/lib/cn";
import { formatDateTime } from "@/components/lib/format";
import { channelLabel } from "@/server/channels/client";
import { CONVERSATION_SOURCES, CONVERSATION_STATUSES, SOURCE_LABELS, type ConversationSource, type ConversationStatus } from "@/server/conversations/client";
import { useTRPC } from "@/trpc/react";
import { AvailabilityToggle } from "./availability-toggle";
import { StatusBadge } from "./status-badge";
import { Transcript } from "./transcript";
import { InboxViews, VIEW_QUERY, viewOf, type InboxView } from "@/components/inbox/inbox-views";
import { useHandoffAlerts } from "@/components/inbox/use-handoff-alerts";
import { WaitBadge } from "@/components/inbox/wait-badge";

const FILTERS = [
  { value: "all", label: "Open conversations" },
  { value: "unread", label: "Unread" },
  { value: "lead", label: "With a lead" },
  { value: "escalated", label: "Escalated" },
  { value: "negative", label: "Negative sentiment" },
  { value: "people", label: "Handled by a person" },
  { value: "archived", label: "Archived" },
] as const;
type Filter = (typeof FILTERS)[number]["value"];

const STATE_LABELS: Record<ConversationStatus, string> = { bot: "Bot answers", waiting: "Waiting for a person", human: "With a person", resolved: "Resolved" };

/**
 * The inbox (docs/decisions/057-the-inbox-as-a-daily-tool.md): conversations newest first, filtered by state,
 * assignee, source and text; live (a visitor's message or a colleague's
 * change shows without a reload, from any app process); a URL per
 * conversation (`?conversation=`); the transcript with its reply box.
 */
export function Inbox({ chatbotId, initialConversation }: { chatbotId: string; initialConversation?: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { can_edit, chatbot } = useChatbot();
  const [filter, setFilter] = useState<Filter>("all");
  const [status, setStatus] = useState<ConversationStatus | "">("");
  const [assignee, setAssignee] = useState("");
  const [source, setSource] = useState<ConversationSource | "">("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(initialConversation ?? null);
  const [version, setVersion] = useState(0);
  const team = useQuery(trpc.conversations.team.queryOptions({ chatbot_id: chatbotId }));
  const list = useQuery(
    trpc.conversations.inbox.queryOptions({
      chatbot_id: chatbotId,
      filter,
      page,
      per_page: 20,
      ...(status ? { status } : {}),
      ...(assignee ? { assignee } : {}),
      ...(source ? { source } : {}),
      ...(search.trim() ? { search: search.trim() } : {}),
    }),
  );
  const waiting = useQuery(trpc.conversations.inbox.queryOptions({ chatbot_id: chatbotId, filter: "all", status: "waiting", page: 1, per_page: 1 }));
  // The listed channel conversations' products (Telegram, WhatsApp, Slack), in one query per page.
  const channelConversationIds = (list.data?.data ?? []).filter((c) => c.source === "channel").map((c) => c.id);
  const channels = useQuery({
    ...trpc.channels.ofConversations.queryOptions({ chatbot_id: chatbotId, conversation_ids: channelConversationIds }),
    enabled: channelConversationIds.length > 0,
  });
  const views = useQuery(trpc.inboxTools.views.queryOptions({ chatbot_id: chatbotId }));
  const awaiting = new Map((views.data?.awaiting ?? []).map((a) => [a.id, a.awaiting_since]));
  const now = useMinuteClock();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.inboxTools.views.queryKey() });
    return queryClient.invalidateQueries({ queryKey: trpc.conversations.inbox.queryKey() });
  };
  const flags = useMutation(trpc.conversations.setFlags.mutationOptions({ onSuccess: refresh }));

  const selectedRef = useLatest(selected);
  const waitingCount = waiting.data?.total ?? 0;
  const alerts = useHandoffAlerts(waitingCount);
  const ringRef = useLatest(alerts.ring);
  // Live: every message and status change of this chatbot's conversations, from whichever process made it.
  useEffect(() => {
    const source = new EventSource(`/api/inbox/${chatbotId}/stream`);
    let timer: number | undefined;
    source.addEventListener("change", (event) => {
      const change = JSON.parse((event as MessageEvent<string>).data) as { conversation_id: string | null; kind: string; status: string | null };
      // A conversation starts waiting for a person: every open inbox tab rings.
      if (change.kind === "status" && change.status === "waiting") ringRef.current();
      window.clearTimeout(timer);
      // A burst of changes (a streamed answer and its status) is one refresh.
      timer = window.setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: trpc.conversations.inbox.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.inboxTools.views.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.inboxTools.notes.queryKey() });
      }, 150);
      if (change.conversation_id === null || change.conversation_id === selectedRef.current) setVersion((v) => v + 1);
    });
    return () => {
      window.clearTimeout(timer);
      source.close();
    };
  }, [chatbotId, queryClient, selectedRef, ringRef, trpc]);

  const select = (id: string) => {
    setSelected(id);
    const url = new URL(window.location.href);
    url.searchParams.set("conversation", id);
    window.history.replaceState(null, "", url);
    // On narrow screens the transcript takes the list's place: start at its top.
    if (window.matchMedia("(max-width: 1023px)").matches) requestAnimationFrame(() => document.getElementById("inbox-transcript")?.focus());
  };
  /** Narrow screens: back from a transcript to the list, focus on the conversation it came from. */
  const back = () => {
    const from = selected;
    setSelected(null);
    const url = new URL(window.location.href);
    url.searchParams.delete("conversation");
    window.history.replaceState(null, "", url);
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-conversation-id="${from}"]`)?.focus());
  };
  const reset = () => setPage(1);
  const pickView = (view: InboxView) => {
    setFilter(VIEW_QUERY[view].filter);
    setAssignee(VIEW_QUERY[view].assignee);
    reset();
  };

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <section aria-label="Conversations" className={cn("min-w-0 space-y-3", selected && "max-lg:hidden")}>
        <InboxViews current={viewOf(filter, assignee)} counts={views.data?.counts ?? null} onPick={pickView} />
        {alerts.permission === "default" ? (
          <button type="button" className="text-xs text-indigo-700 underline hover:text-indigo-900" onClick={alerts.askPermission}>
            Notify me on this computer when a visitor waits
          </button>
        ) : null}
        <AvailabilityToggle chatbotId={chatbotId} />
        {waitingCount > 0 ? (
          <button
            type="button"
            onClick={() => { setStatus("waiting"); reset(); }}
            className="flex w-full items-center justify-between rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-left text-sm font-medium text-amber-900 hover:bg-amber-100"
            data-testid="inbox-waiting-badge"
          >
            <span>{waitingCount === 1 ? "1 visitor is waiting for a person" : `${waitingCount} visitors are waiting for a person`}</span>
            <Badge tone="amber">{waitingCount}</Badge>
          </button>
        ) : null}
        <div className="grid grid-cols-2 gap-2">
          <div>
            <Label htmlFor="inbox-filter">Show</Label>
            <Select id="inbox-filter" value={filter} onChange={(e) => { setFilter(e.target.value as Filter); reset(); }}>
              {FILTERS.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor="inbox-state">State</Label>
            <Select id="inbox-state" value={status} onChange={(e) => { setStatus(e.target.value as ConversationStatus | ""); reset(); }}>
              <option value="">Any state</option>
              {CONVERSATION_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATE_LABELS[s]}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor="inbox-assignee">Assignee</Label>
            <Select id="inbox-assignee" value={assignee} onChange={(e) => { setAssignee(e.target.value); reset(); }}>
              <option value="">Anyone</option>
              <option value="me">Me</option>
              <option value="none">Unassigned</option>
              {(team.data?.assignees ?? []).map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name || a.email}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor="inbox-source">Source</Label>
            <Select id="inbox-source" value={source} onChange={(e) => { setSource(e.target.value as ConversationSource | ""); reset(); }}>
              <option value="">Any source</option>
              {CONVERSATION_SOURCES.map((s) => (
                <option key={s} value={s}>
                  {SOURCE_LABELS[s]}
                </option>
              ))}
            </Select>
          </div>
        </div>
        <div>
          <Label htmlFor="inbox-search">Search messages and e-mails</Label>
          <Input id="inbox-search" type="search" value={search} onChange={(e) => { setSearch(e.target.value); reset(); }} placeholder="Text or e-mail" />
        </div>
        {list.isPending ? (
          <Skeleton className="h-40" />
        ) : list.error ? (
          needsAccessRequest(list.error) ? (
            <RequestAccess clientId={chatbot.team_id} />
          ) : (
            <ErrorAlert title="Couldn't load the conversations." message={list.error.message} onRetry={() => void list.refetch()} />
          )
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
                    data-conversation-id={c.id}
                    aria-current={selected === c.id ? "true" : undefined}
                    onClick={() => select(c.id)}
                    className={cn("flex w-full flex-col gap-1 px-3 py-2.5 text-left text-sm hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-indigo-600", selected === c.id && "bg-indigo-50")}
                  >
                    <span className="flex items-center gap-2">
                      {c.unread ? <span className="size-2 shrink-0 rounded-full bg-indigo-600" aria-label="Unread" /> : null}
                      <span className={cn("truncate", c.unread ? "font-semibold text-gray-900" : "text-gray-700")}>
                        {c.lead?.name || c.lead?.email || `Visitor ${c.visitor_id.slice(0, 8)}`}
                      </span>
                      {c.lead?.name && c.lead.email ? <span className="truncate text-xs text-gray-600">{c.lead.email}</span> : null}
                      {c.country_code ? <span className="text-xs text-gray-600">{c.country_code}</span> : null}
                    </span>
                    <span className="flex flex-wrap items-center gap-2 text-xs text-gray-600">
                      <time dateTime={c.last_message_at}>{formatDateTime(c.last_message_at)}</time>
                      <span>{c.message_count} messages</span>
                      {c.status !== "bot" ? <StatusBadge status={c.status} /> : null}
                      {c.assignee_id ? <Badge tone="indigo" data-testid="inbox-conversation-assignee">{assigneeName(team.data?.assignees, c.assignee_id)}</Badge> : null}
                      {c.source === "playground" ? <Badge tone="indigo">Playground</Badge> : null}
                      {c.source === "channel" ? (
                        <Badge tone="green" data-testid="inbox-conversation-channel">
                          {channelLabel(channels.data?.[c.id])}
                        </Badge>
                      ) : null}
                      {c.sentiment === "negative" ? <Badge tone="red">Negative</Badge> : null}
                      {awaiting.has(c.id) && views.data ? <WaitBadge since={awaiting.get(c.id)!} slaMinutes={views.data.sla_minutes} now={now} /> : null}
                      {c.archived ? <Badge>Archived</Badge> : null}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            <nav aria-label="Pages" className="flex items-center justify-between text-sm">
              <button type="button" className="text-indigo-700 disabled:text-gray-500" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </button>
              <span className="text-gray-600">
                Page {page} of {Math.max(1, Math.ceil(list.data.total / list.data.per_page))}
              </span>
              <button type="button" className="text-indigo-700 disabled:text-gray-500" disabled={page * list.data.per_page >= list.data.total} onClick={() => setPage(page + 1)}>
                Next
              </button>
            </nav>
          </>
        )}
      </section>
      <section id="inbox-transcript" tabIndex={-1} aria-label="Transcript" className={cn("min-w-0 scroll-mt-4 focus:outline-none", !selected && "max-lg:hidden")}>
        {selected ? (
          <button type="button" onClick={back} className="mb-3 text-sm font-medium text-indigo-700 hover:underline lg:hidden">
            <span aria-hidden="true">← </span>All conversations
          </button>
        ) : null}
        {selected ? (
          <Transcript
            key={selected}
            chatbotId={chatbotId}
            conversationId={selected}
            version={version}
            canImprove={can_edit}
            team={team.data ?? null}
            onOpened={() => void refresh()}
            onFlags={(f) => flags.mutate({ chatbot_id: chatbotId, conversation_id: selected, ...f })}
            busy={flags.isPending}
          />
        ) : (
          <Card className="p-6 text-sm text-gray-600">Pick a conversation to read it.</Card>
        )}
      </section>
    </div>
  );
}

/** The time, renewed every 30 s: waiting times and SLA states move on without a change in the data. */
function useMinuteClock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** Who a conversation is assigned to, as the inbox names people (routing, record 122). */
function assigneeName(people: Array<{ id: string; name: string; email: string }> | undefined, id: string): string {
  const person = people?.find((p) => p.id === id);
  return person ? `Assigned: ${person.name || person.email}` : "Assigned";
}

/** A ref that always holds the latest value (read from event handlers set up once). */
function useLatest<T>(value: T) {
  const [ref] = useState(() => ({ current: value }));
  useEffect(() => {
    ref.current = value;
  }, [ref, value]);
  return ref;
}
