"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { formatDateTime } from "@/components/lib/format";
import type { RouterOutputs } from "@/components/lib/trpc-types";
import { useTRPC } from "@/trpc/react";

type Note = RouterOutputs["inboxTools"]["notes"][number];

/** The internal notes due before each message (index i: before message i; the last: after every message). */
export function interleave(notes: Note[], messages: Array<{ created_at: string }>): Note[][] {
  const slots: Note[][] = Array.from({ length: messages.length + 1 }, () => []);
  for (const note of notes) {
    const at = messages.findIndex((m) => new Date(m.created_at) > new Date(note.created_at));
    slots[at === -1 ? messages.length : at]!.push(note);
  }
  return slots;
}

/** An internal note in the thread: visibly the team's, never the visitor's (docs/decisions/121-the-inbox-for-a-support-team.md). */
export function InternalNote({ note }: { note: Note }) {
  return (
    <li className="max-w-[95%]" data-testid="transcript-internal-note">
      <p className="mb-0.5 text-xs font-medium text-amber-900">Internal note · {note.author ?? "Team member"}</p>
      <div className="rounded-lg border border-dashed border-amber-400 bg-amber-50 px-3 py-2 text-sm break-words whitespace-pre-line text-gray-900">{note.body}</div>
      <time className="mt-1 block text-xs text-gray-500" dateTime={note.created_at}>
        {formatDateTime(note.created_at)}
      </time>
    </li>
  );
}

/** Notes the team keeps beside the conversation (what was promised, who the visitor is), oldest first. */
export function TeamNotes({ chatbotId, conversationId, notes, canWrite }: { chatbotId: string; conversationId: string; notes: Note[]; canWrite: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [body, setBody] = useState("");
  const add = useMutation(
    trpc.inboxTools.addNote.mutationOptions({
      onSuccess: () => {
        setBody("");
        void queryClient.invalidateQueries({ queryKey: trpc.inboxTools.notes.queryKey() });
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (body.trim()) add.mutate({ chatbot_id: chatbotId, conversation_id: conversationId, kind: "note", body: body.trim() });
  };
  return (
    <section aria-labelledby={`notes-${conversationId}`} className="space-y-2 border-t border-gray-100 pt-3">
      <h3 id={`notes-${conversationId}`} className="text-sm font-semibold text-gray-900">
        Team notes <span className="font-normal text-gray-600">(only your team sees them)</span>
      </h3>
      {notes.length ? (
        <ul className="space-y-2" data-testid="team-notes">
          {notes.map((n) => (
            <li key={n.id} className="rounded-md bg-gray-50 px-3 py-2 text-sm text-gray-900">
              <p className="whitespace-pre-line">{n.body}</p>
              <p className="mt-1 text-xs text-gray-600">
                {n.author ?? "Team member"} · <time dateTime={n.created_at}>{formatDateTime(n.created_at)}</time>
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-gray-600">No notes yet.</p>
      )}
      {canWrite ? (
        <form onSubmit={submit} className="space-y-2">
          <Label htmlFor={`note-${conversationId}`} className="sr-only">
            A note for the team
          </Label>
          <Textarea id={`note-${conversationId}`} rows={2} maxLength={4000} value={body} onChange={(e) => setBody(e.target.value)} placeholder="A note for the team" />
          {add.error ? <ErrorAlert title="Couldn't add the note." message={add.error.message} /> : null}
          <Button type="submit" size="sm" variant="secondary" disabled={add.isPending || !body.trim()}>
            Add note
          </Button>
        </form>
      ) : null}
    </section>
  );
}
