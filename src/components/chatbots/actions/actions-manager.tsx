"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useChatbot } from "@/components/chatbots/chatbot-context";
import { PlusIcon } from "@/components/chatbots/icons";
import { ReadOnlyNotice } from "@/components/chatbots/read-only-notice";
import { ErrorAlert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useDeleteConfirm } from "@/components/ui/use-delete-confirm";
import { EmptyState } from "@/components/ui/empty-state";
import { Loading, SkeletonRows } from "@/components/ui/skeleton";
import { ACTION_LIMITS } from "@/server/actions/client";
import { useTRPC } from "@/trpc/react";
import { ActionDialog, type ActionItem } from "./action-dialog";

/** The chatbot's HTTP actions (docs/decisions/076-http-actions.md): the agent calls them when a question needs them. Editors and up change them. */
export function ActionsManager({ chatbotId }: { chatbotId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { can_edit } = useChatbot();
  const query = useQuery(trpc.actions.list.queryOptions({ chatbot_id: chatbotId }));
  const [dialog, setDialog] = useState<{ editing: ActionItem | null } | null>(null);
  const remove = useMutation(
    trpc.actions.delete.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.actions.list.queryKey({ chatbot_id: chatbotId }) }) }),
  );
  const deleting = useDeleteConfirm(remove, (a: ActionItem) => ({ chatbot_id: chatbotId, action_id: a.id }));

  if (query.isPending) {
    return (
      <Loading label="Loading actions…" className="space-y-2">
        <SkeletonRows count={2} className="h-16" />
      </Loading>
    );
  }
  if (query.error) return <ErrorAlert title="Couldn't load the actions." message={query.error.message} onRetry={() => void query.refetch()} retrying={query.isRefetching} />;

  const actions = query.data;
  const full = actions.length >= ACTION_LIMITS.perChatbot;
  const addButton = can_edit ? (
    <Button onClick={() => setDialog({ editing: null })} disabled={full} title={full ? `At most ${ACTION_LIMITS.perChatbot} actions` : undefined}>
      <PlusIcon className="size-4" />
      Add action
    </Button>
  ) : null;

  return (
    <>
      <ReadOnlyNotice what="the actions" />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-gray-600">
          Your own APIs the agent may call to answer, e.g. an order&rsquo;s status. Used when the workspace has AI actions enabled and the agent has an LLM.
        </p>
        {actions.length ? addButton : null}
      </div>
      {actions.length === 0 ? (
        <EmptyState icon={<PlusIcon className="size-5" />} title="No actions yet" description="An action lets the agent look things up or act through your API." action={addButton} />
      ) : (
        <ul className="space-y-2" aria-label="Actions">
          {actions.map((a) => (
            <li key={a.id} data-testid="chatbot-action">
              <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
                <div className="min-w-0 flex-1">
                  <div className="flex items-center gap-2">
                    <p className="truncate text-sm font-medium text-gray-900">{a.name}</p>
                    <Badge tone="indigo">{a.method}</Badge>
                  </div>
                  <p className="mt-0.5 truncate font-mono text-xs text-gray-600">{a.url}</p>
                  <p className="mt-0.5 truncate text-sm text-gray-500">{a.description}</p>
                </div>
                {can_edit ? (
                  <div className="flex shrink-0 items-center gap-1">
                    <Button variant="secondary" size="sm" aria-label={`Edit ${a.name}`} onClick={() => setDialog({ editing: a })}>
                      Edit
                    </Button>
                    <Button variant="secondary" size="sm" aria-label={`Delete ${a.name}`} className="text-red-700 hover:text-red-800" onClick={() => deleting.ask(a)}>
                      Delete
                    </Button>
                  </div>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {dialog ? <ActionDialog chatbotId={chatbotId} editing={dialog.editing} onClose={() => setDialog(null)} /> : null}
      <ConfirmDialog
        {...deleting.dialog}
        title="Delete action?"
        description={
          <p>
            The agent will no longer call <strong className="font-medium text-gray-900">{deleting.target?.name}</strong>. Past calls stay in the inbox.
          </p>
        }
        confirmLabel="Delete action"
      />
    </>
  );
}
