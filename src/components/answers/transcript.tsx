"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { UpdatedAnswerDialog } from "@/components/chatbots/finetunes/updated-answer-dialog";
import { ErrorAlert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate, formatDateTime } from "@/components/lib/format";
import { channelLabel } from "@/server/channels/client";
import { useTRPC } from "@/trpc/react";
import { AnswerMeta } from "./message-sources";
import { LinkedText } from "./linked-text";
import { StatusBadge } from "./status-badge";
import { interleave, InternalNote, TeamNotes } from "@/components/inbox/team-notes";
import { ReplyBox } from "@/components/inbox/reply-box";

interface InboxTeam {
  assignees: Array<{ id: string; name: string; email: string }>;
  can_reply: boolean;
  me: string;
}

/**
 * One conversation: messages with their times, sources, feedback and (for the agency only) provider
 * failures; take over, assign, hand back, resolve, and the reply box (docs/decisions/057-the-inbox-as-a-daily-tool.md). Opening it marks it read;
 * `version` changes when the conversation changed elsewhere (the inbox's live stream) and reads it again.
 */
export function Transcript({
  chatbotId,
  conversationId,
  version,
  canImprove,
  team,
  onOpened,
  onFlags,
  busy,
}: {
  chatbotId: string;
  conversationId: string;
  version: number;
  canImprove: boolean;
  team: InboxTeam | null;
  onOpened: () => void;
  onFlags: (flags: { unread?: boolean; archived?: boolean }) => void;
  busy: boolean;
}) {
  const trpc = useTRPC();
  const open = useMutation(trpc.conversations.open.mutationOptions({ onSuccess: onOpened }));
  const [improving, setImproving] = useState<{ question: string; suggested_answer: string } | null>(null);
  const { mutate } = open;
  const reload = () => mutate({ chatbot_id: chatbotId, conversation_id: conversationId });
  const update = useMutation(trpc.conversations.update.mutationOptions({ onSuccess: () => { reload(); onOpened(); } }));
  const notesQuery = useQuery(trpc.inboxTools.notes.queryOptions({ chatbot_id: chatbotId, conversation_id: conversationId }));
  const notes = notesQuery.data ?? [];
  const notesBefore = interleave(notes.filter((n) => n.kind === "internal"), open.data?.messages ?? []);
  useEffect(() => {
    mutate({ chatbot_id: chatbotId, conversation_id: conversationId });
  }, [mutate, chatbotId, conversationId, version]);

  if (open.error) return <ErrorAlert title="Couldn't open the conversation." message={open.error.message} />;
  if (!open.data) return <Skeleton className="h-64" />;
  const { conversation, messages, provider_errors, delivery_errors, escalations, contact, authors, action_calls } = open.data;
  const canReply = team?.can_reply ?? false;
  const change = (patch: { status?: "bot" | "waiting" | "human" | "resolved"; assignee_id?: string | null }) =>
    update.mutate({ chatbot_id: chatbotId, conversation_id: conversationId, ...patch });
  const acting = update.isPending;

  return (
    <Card className="space-y-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2 text-sm text-gray-600">
          <StatusBadge status={conversation.status} />
          {conversation.source === "playground" ? <Badge tone="indigo">Playground</Badge> : null}
          {conversation.source === "channel" ? <ChannelBadge chatbotId={chatbotId} conversationId={conversationId} /> : null}
          <span>Started <time dateTime={conversation.created_at}>{formatDate(conversation.created_at)}</time></span>
          {contact ? <Badge tone="indigo">Lead: {contact.email || contact.phone}</Badge> : null}
          {escalations.map((e) => (
            <Badge key={e.id} tone="amber">
              Escalated ({e.reason === "requested_human" ? "asked for a person" : "unanswered questions"})
            </Badge>
          ))}
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => onFlags({ unread: true })}>
            Mark unread
          </Button>
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => onFlags({ archived: !conversation.archived })}>
            {conversation.archived ? "Unarchive" : "Archive"}
          </Button>
        </div>
      </div>
      {canReply ? (
        <div className="flex flex-wrap items-end gap-2 border-y border-gray-100 py-3" role="group" aria-label="Who answers">
          {conversation.status !== "human" ? (
            <Button size="sm" disabled={acting} onClick={() => change({ status: "human", assignee_id: conversation.assignee_id ?? team?.me ?? null })}>
              Take over
            </Button>
          ) : null}
          {conversation.status !== "bot" ? (
            <Button variant="secondary" size="sm" disabled={acting} onClick={() => change({ status: "bot" })}>
              Hand back to the bot
            </Button>
          ) : null}
          {conversation.status !== "resolved" ? (
            <Button variant="secondary" size="sm" disabled={acting} onClick={() => change({ status: "resolved" })}>
              Resolve
            </Button>
          ) : null}
          <div className="min-w-48">
            <Label htmlFor="transcript-assignee">Assignee</Label>
            <Select
              id="transcript-assignee"
              value={conversation.assignee_id ?? ""}
              disabled={acting}
              onChange={(e) => change({ assignee_id: e.target.value || null })}
            >
              <option value="">Unassigned</option>
              {(team?.assignees ?? []).map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name || a.email}
                </option>
              ))}
            </Select>
          </div>
        </div>
      ) : null}
      {update.error ? <ErrorAlert title="Couldn't change the conversation." message={update.error.message} /> : null}
      <ol className="space-y-3" aria-label="Messages">
        {messages.map((m, i) => {
          const question = m.role === "assistant" ? messages.slice(0, i).reverse().find((p) => p.role === "user")?.content : undefined;
          return [
            ...(notesBefore[i] ?? []).map((n) => <InternalNote key={n.id} note={n} />),
            <li key={m.id} className={m.role === "user" ? "ml-auto w-fit max-w-[85%]" : "max-w-[95%]"} data-testid={`transcript-${m.role}`}>
              {m.role === "agent" ? <p className="mb-0.5 text-xs font-medium text-gray-700">{(m.user_id && authors[m.user_id]) || "Team member"}</p> : null}
              <div
                className={
                  m.role === "user"
                    ? "rounded-lg bg-indigo-600 px-3 py-2 text-sm break-words whitespace-pre-line text-white"
                    : m.role === "agent"
                      ? "rounded-lg border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm break-words whitespace-pre-line text-gray-900"
                      : "rounded-lg bg-gray-100 px-3 py-2 text-sm break-words whitespace-pre-line text-gray-900"
                }
              >
                {m.role === "assistant" ? <LinkedText text={m.content} /> : m.content}
                {m.role === "assistant" ? <AnswerMeta answered={m.answered} sources={m.sources} /> : null}
              </div>
              {m.role === "assistant" ? <ActionCalls calls={action_calls.filter((c) => c.message_id === m.id)} /> : null}
              <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-gray-500">
                <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
                {m.feedback ? <Badge tone={m.feedback === "positive" ? "green" : "red"}>{m.feedback === "positive" ? "Helpful" : "Not helpful"}</Badge> : null}
                {provider_errors[m.id] ? <span className="text-amber-700">LLM error (visitor saw the extractive answer): {provider_errors[m.id]}</span> : null}
                {delivery_errors[m.id] ? <span className="text-red-700">Not delivered to the channel: {delivery_errors[m.id]}</span> : null}
                {m.role === "assistant" && canImprove && question ? (
                  <button type="button" className="text-indigo-700 underline hover:text-indigo-900" onClick={() => setImproving({ question, suggested_answer: m.content })}>
                    Improve this answer
                  </button>
                ) : null}
              </div>
            </li>,
          ];
        })}
        {(notesBefore[messages.length] ?? []).map((n) => (
          <InternalNote key={n.id} note={n} />
        ))}
      </ol>
      {canReply ? <ReplyBox chatbotId={chatbotId} conversationId={conversationId} human={conversation.status === "human"} onSent={() => { reload(); onOpened(); }} /> : null}
      <TeamNotes chatbotId={chatbotId} conversationId={conversationId} notes={notes.filter((n) => n.kind === "note")} canWrite={canReply} />
      {improving ? <UpdatedAnswerDialog chatbotId={chatbotId} editing={null} prefill={improving} onClose={() => setImproving(null)} /> : null}
    </Card>
  );
}

/** The HTTP actions the bot called for one answer: what was requested, the status, how long it took, the error. */
function ActionCalls({ calls }: { calls: Array<{ id: string; name: string; request: { method: string; url: string }; status: number | null; duration_ms: number; error: string | null }> }) {
  if (!calls.length) return null;
  return (
    <ul aria-label="Actions called" className="mt-1 space-y-1">
      {calls.map((c) => (
        <li key={c.id} data-testid="transcript-action-call" className="rounded-md border border-gray-200 bg-white px-2 py-1 text-xs text-gray-700">
          <span className="font-medium text-gray-900">Action {c.name}</span>{" "}
          <code className="break-all">
            {c.request.method} {c.request.url}
          </code>{" "}
          <span className={c.error ? "text-red-700" : "text-emerald-700"}>{c.status === null ? "no response" : `HTTP ${c.status}`}</span> · {c.duration_ms} ms
          {c.error ? <span className="block text-red-700">{c.error}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** Where a channel conversation came from: the product and the bot's or number's name. */
function ChannelBadge({ chatbotId, conversationId }: { chatbotId: string; conversationId: string }) {
  const trpc = useTRPC();
  const channel = useQuery(trpc.channels.ofConversation.queryOptions({ chatbot_id: chatbotId, conversation_id: conversationId }));
  return (
    <Badge tone="green" data-testid="conversation-channel">
      {channelLabel(channel.data)}
    </Badge>
  );
}
