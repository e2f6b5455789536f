"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { fieldErrorsOf } from "@/components/lib/trpc-error";
import { SAVED_REPLY_VARIABLES } from "@/server/conversations/client";
import { useTRPC } from "@/trpc/react";

interface Editing {
  id: string | null;
  shortcut: string;
  body: string;
}

const EMPTY: Editing = { id: null, shortcut: "", body: "" };

/**
 * The workspace's saved replies (docs/decisions/121-the-inbox-for-a-support-team.md): shared by every
 * chatbot of the workspace, typed as `/shortcut` in the inbox's reply box.
 */
export function SavedRepliesManager({ teamId, teamName, canEdit }: { teamId: string; teamName: string; canEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.savedReplies.list.queryOptions({ team_id: teamId }));
  const [editing, setEditing] = useState<Editing>(EMPTY);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.savedReplies.list.queryKey() });
  const done = () => {
    setEditing(EMPTY);
    void refresh();
  };
  const create = useMutation(trpc.savedReplies.create.mutationOptions({ onSuccess: done }));
  const update = useMutation(trpc.savedReplies.update.mutationOptions({ onSuccess: done }));
  const remove = useMutation(trpc.savedReplies.delete.mutationOptions({ onSuccess: refresh }));
  const saving = editing.id ? update : create;
  const errors = fieldErrorsOf(saving.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { team_id: teamId, shortcut: editing.shortcut, body: editing.body };
    if (editing.id) update.mutate({ ...input, id: editing.id });
    else create.mutate(input);
  };
  const shortcutError = errors.shortcut?.[0] ?? null;
  const bodyError = errors.body?.[0] ?? null;

  return (
    <Card className="space-y-4 p-4">
      <div>
        <h2 className="text-base font-semibold text-gray-900">Saved replies</h2>
        <p className="text-sm text-gray-600">
          Shared by every chatbot of {teamName}. In the inbox, type <kbd className="rounded bg-gray-100 px-1">/</kbd> and the shortcut. Variables:{" "}
          {SAVED_REPLY_VARIABLES.map((v) => `{${v}}`).join(", ")}.
        </p>
      </div>
      {list.isPending ? (
        <Skeleton className="h-20" />
      ) : list.error ? (
        <ErrorAlert title="Couldn't load the saved replies." message={list.error.message} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className="text-sm text-gray-600">No saved replies yet.</p>
      ) : (
        <ul className="divide-y divide-gray-100 rounded-md border border-gray-200" data-testid="saved-replies">
          {list.data.map((r) => (
            <li key={r.id} className="flex flex-col gap-2 px-3 py-2 text-sm sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium text-gray-900">/{r.shortcut}</p>
                <p className="break-words whitespace-pre-line text-gray-700">{r.body}</p>
              </div>
              {canEdit ? (
                <div className="flex shrink-0 gap-2">
                  <Button size="sm" variant="secondary" onClick={() => setEditing({ id: r.id, shortcut: r.shortcut, body: r.body })} aria-label={`Edit /${r.shortcut}`}>
                    Edit
                  </Button>
                  <Button size="sm" variant="secondary" disabled={remove.isPending} onClick={() => remove.mutate({ team_id: teamId, id: r.id })} aria-label={`Delete /${r.shortcut}`}>
                    Delete
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canEdit ? (
        <form onSubmit={submit} className="space-y-3 border-t border-gray-100 pt-3" aria-label={editing.id ? "Edit the saved reply" : "New saved reply"}>
          <Field id="saved-reply-shortcut" label="Shortcut" hint="Lowercase letters, digits and dashes, e.g. refund" error={shortcutError}>
            <Input
              id="saved-reply-shortcut"
              value={editing.shortcut}
              onChange={(e) => setEditing({ ...editing, shortcut: e.target.value })}
              {...describedBy("saved-reply-shortcut", { hint: true, error: shortcutError })}
            />
          </Field>
          <Field id="saved-reply-body" label="Reply" error={bodyError}>
            <Textarea
              id="saved-reply-body"
              rows={3}
              maxLength={4000}
              value={editing.body}
              onChange={(e) => setEditing({ ...editing, body: e.target.value })}
              {...describedBy("saved-reply-body", { error: bodyError })}
            />
          </Field>
          {saving.error && !shortcutError && !bodyError ? <ErrorAlert title="Couldn't save the reply." message={saving.error.message} /> : null}
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={saving.isPending}>
              {editing.id ? "Save changes" : "Add saved reply"}
            </Button>
            {editing.id ? (
              <Button type="button" size="sm" variant="secondary" onClick={() => setEditing(EMPTY)}>
                Cancel
              </Button>
            ) : null}
          </div>
        </form>
      ) : null}
    </Card>
  );
}
