"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { UpdatedAnswerDialog } from "@/components/chatbots/finetunes/updated-answer-dialog";
import { ErrorAlert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate } from "@/components/lib/format";
import { useTRPC } from "@/trpc/react";
import { AnswerMeta } from "./message-sources";
import { LinkedText } from "./linked-text";

/** One conversation: messages with sources, feedback and (for the agency only) provider failures. Opening it marks it read. */
export function Transcript({
  chatbotId,
  conversationId,
  canImprove,
  onOpened,
  onFlags,
  busy,
}: {
  chatbotId: string;
  conversationId: string;
  canImprove: boolean;
  onOpened: () => void;
  onFlags: (flags: { unread?: boolean; archived?: boolean }) => void;
  busy: boolean;
}) {
  const trpc = useTRPC();
  const open = useMutation(trpc.conversations.open.mutationOptions({ onSuccess: onOpened }));
  const [improving, setImproving] = useState<{ question: string; suggested_answer: string } | null>(null);
  const { mutate } = open;
  useEffect(() => {
    mutate({ chatbot_id: chatbotId, conversation_id: conversationId });
  }, [mutate, chatbotId, conversationId]);

  if (open.error) return <ErrorAlert title="Couldn't open the conversation." message={open.error.message} />;
  if (!open.data) return <Skeleton className="h-64" />;
  const { conversation, messages, provider_errors, escalations, contact } = open.data;

  return (
    <Card className="space-y-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2 text-sm text-gray-600">
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
      <ol className="space-y-3" aria-label="Messages">
        {messages.map((m, i) => {
          const question = m.role === "assistant" ? messages.slice(0, i).reverse().find((p) => p.role === "user")?.content : undefined;
          return (
            <li key={m.id} className={m.role === "user" ? "ml-auto w-fit max-w-[85%]" : "max-w-[95%]"} data-testid={`transcript-${m.role}`}>
              <div className={m.role === "user" ? "rounded-lg bg-indigo-600 px-3 py-2 text-sm break-words whitespace-pre-line text-white" : "rounded-lg bg-gray-100 px-3 py-2 text-sm break-words whitespace-pre-line text-gray-900"}>
                {m.role === "assistant" ? <LinkedText text={m.content} /> : m.content}
                {m.role === "assistant" ? <AnswerMeta answered={m.answered} sources={m.sources} /> : null}
              </div>
              <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-gray-500">
                <time dateTime={m.created_at}>{formatDate(m.created_at)}</time>
                {m.feedback ? <Badge tone={m.feedback === "positive" ? "green" : "red"}>{m.feedback === "positive" ? "Helpful" : "Not helpful"}</Badge> : null}
                {provider_errors[m.id] ? <span className="text-amber-700">LLM error (visitor saw the extractive answer): {provider_errors[m.id]}</span> : null}
                {m.role === "assistant" && canImprove && question ? (
                  <button type="button" className="text-indigo-700 underline hover:text-indigo-900" onClick={() => setImproving({ question, suggested_answer: m.content })}>
                    Improve this answer
                  </button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      {improving ? <UpdatedAnswerDialog chatbotId={chatbotId} editing={null} prefill={improving} onClose={() => setImproving(null)} /> : null}
    </Card>
  );
}
