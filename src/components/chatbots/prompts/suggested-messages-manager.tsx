"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useChatbot } from "@/components/chatbots/chatbot-context";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useDeleteConfirm } from "@/components/ui/use-delete-confirm";
import { ArrowDownIcon, ArrowUpIcon, LinkIcon, MessageIcon, PlusIcon } from "@/components/chatbots/icons";
import { ReadOnlyNotice } from "@/components/chatbots/read-only-notice";
import type { SuggestedMessageItem } from "@/components/chatbots/types";
import { ErrorAlert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Loading, SkeletonRows } from "@/components/ui/skeleton";
import { SUGGESTED_MESSAGE_LIMITS } from "@/server/chatbots/client";
import { useTRPC } from "@/trpc/react";
import { SuggestedMessageDialog } from "./suggested-message-dialog";

const TYPE_LABELS: Record<string, string> = { message: "Message", link: "Link", lead_form: "Lead form", handoff: "Talk to a person", http: "HTTP action" };

type Direction = "up" | "down";

/** The chatbot's suggested messages in display order: add, edit, move up/down, delete (editors and up). */
export function SuggestedMessagesManager({ chatbotId }: { chatbotId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { can_edit } = useChatbot();
  const listKey = trpc.chatbots.prompts.list.queryKey({ chatbot_id: chatbotId });
  const query = useQuery(trpc.chatbots.prompts.list.queryOptions({ chatbot_id: chatbotId }));
  const [dialog, setDialog] = useState<{ editing: SuggestedMessageItem | null } | null>(null);

  // Keyboard users keep their place: after a move, focus returns to the moved
  // item's button (its other arrow when it reached an end), and the new
  // position is announced.
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());
  const [moved, setMoved] = useState<{ id: string; direction: Direction; announcement: string } | null>(null);
  const move = useMutation(
    trpc.chatbots.prompts.move.mutationOptions({
      onSuccess: (list, input) => {
        queryClient.setQueryData(listKey, list);
        const at = list.findIndex((m) => m.id === input.id);
        const name = list[at]?.name ?? "The message";
        setMoved({ id: input.id, direction: input.direction, announcement: `${name} moved to position ${at + 1} of ${list.length}.` });
      },
    }),
  );
  useEffect(() => {
    if (!moved) return;
    const same = moveButtons.current.get(`${moved.id}:${moved.direction}`);
    const other = moveButtons.current.get(`${moved.id}:${moved.direction === "up" ? "down" : "up"}`);
    const target = same && same.getAttribute("aria-disabled") !== "true" ? same : other;
    target?.focus();
  }, [moved, query.data]);
  const moveButton = (m: SuggestedMessageItem, direction: Direction, atEnd: boolean) => (
    <Button
      ref={(el) => {
        if (el) moveButtons.current.set(`${m.id}:${direction}`, el);
        else moveButtons.current.delete(`${m.id}:${direction}`);
      }}
      variant="ghost"
      size="sm"
      aria-label={`Move ${m.name} ${direction}`}
      // aria-disabled, not disabled: a disabled button drops keyboard focus to the page.
      aria-disabled={atEnd || move.isPending || undefined}
      className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
      onClick={() => {
        if (!atEnd && !move.isPending) move.mutate({ chatbot_id: chatbotId, id: m.id, direction });
      }}
    >
      {direction === "up" ? <ArrowUpIcon className="size-4" /> : <ArrowDownIcon className="size-4" />}
    </Button>
  );
  const remove = useMutation(trpc.chatbots.prompts.delete.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }) }));
  const deleting = useDeleteConfirm(remove, (m: SuggestedMessageItem) => ({ chatbot_id: chatbotId, id: m.id }));

  if (query.isPending) {
    return (
      <Loading label="Loading suggested messages…" className="space-y-2">
        <SkeletonRows count={3} className="h-16" />
      </Loading>
    );
  }
  if (query.error) {
    return <ErrorAlert title="Couldn't load the suggested messages." message={query.error.message} onRetry={() => void query.refetch()} retrying={query.isRefetching} />;
  }

  const messages = query.data;
  const full = messages.length >= SUGGESTED_MESSAGE_LIMITS.perChatbot;
  const addButton = can_edit ? (
    <Button onClick={() => setDialog({ editing: null })} disabled={full} title={full ? `At most ${SUGGESTED_MESSAGE_LIMITS.perChatbot} suggested messages` : undefined}>
      <PlusIcon className="size-4" />
      Add suggested message
    </Button>
  ) : null;

  return (
    <>
      <ReadOnlyNotice what="the suggested messages" />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-gray-600">Buttons shown when the widget opens, in this order. A message sends a question; a link opens a page.</p>
        {messages.length ? addButton : null}
      </div>
      {messages.length === 0 ? (
        <EmptyState
          icon={<MessageIcon className="size-5" />}
          title="No suggested messages yet"
          description="Suggested messages help visitors start a conversation with one click."
          action={addButton}
        />
      ) : (
        <ol className="space-y-2" aria-label="Suggested messages">
          {messages.map((m, index) => (
            <li key={m.id} data-testid="suggested-message">
              <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
                <div className="flex min-w-0 flex-1 items-center gap-3">
                  <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-gray-100 text-xs font-semibold text-gray-600 tabular-nums" aria-hidden="true">
                    {index + 1}
                  </span>
                  <div className="min-w-0 flex-1">
                    <div className="flex items-center gap-2">
                      <p className="truncate text-sm font-medium text-gray-900">{m.name}</p>
                      <Badge tone={m.type === "message" ? "neutral" : "indigo"}>
                        {m.type === "link" ? <LinkIcon className="mr-1 size-3" /> : null}
                        {TYPE_LABELS[m.type] ?? "Message"}
                      </Badge>
                    </div>
                    <p className="mt-0.5 truncate text-sm text-gray-500">
                      {m.action?.type === "url" ? (
                        <a href={m.action.url} target="_blank" rel="noreferrer noopener" className="hover:underline">
                          {m.action.url}
                        </a>
                      ) : m.action?.type === "lead_form" ? (
                        "Opens the lead form"
                      ) : (
                        m.prompt
                      )}
                    </p>
                  </div>
                </div>
                {can_edit ? (
                  <div className="flex shrink-0 items-center gap-1">
                    {moveButton(m, "up", index === 0)}
                    {moveButton(m, "down", index === messages.length - 1)}
                    <Button variant="secondary" size="sm" aria-label={`Edit ${m.name}`} onClick={() => setDialog({ editing: m })}>
                      Edit
                    </Button>
                    <Button variant="secondary" size="sm" aria-label={`Delete ${m.name}`} className="text-red-700 hover:text-red-800" onClick={() => deleting.ask(m)}>
                      Delete
                    </Button>
                  </div>
                ) : null}
              </Card>
            </li>
          ))}
        </ol>
      )}
      <p role="status" className="sr-only">
        {moved?.announcement}
      </p>
      {move.error ? <ErrorAlert className="mt-3" title="Couldn't move the message." message={move.error.message} /> : null}
      {dialog ? <SuggestedMessageDialog chatbotId={chatbotId} editing={dialog.editing} onClose={() => setDialog(null)} /> : null}
      <ConfirmDialog
        {...deleting.dialog}
        title="Delete suggested message?"
        description={
          <p>
            <strong className="font-medium text-gray-900">{deleting.target?.name}</strong> will no longer be shown in the widget.
          </p>
        }
        confirmLabel="Delete message"
      />
    </>
  );
}
