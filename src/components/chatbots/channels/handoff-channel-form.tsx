"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useTRPC } from "@/trpc/react";

/**
 * A Slack channel's handoff channel (docs/decisions/073-slack-handoff-channel.md): the Slack channel id where
 * conversations waiting for a person are posted; a reply in the post's thread goes to the visitor.
 */
export function HandoffChannelForm({ chatbotId, channelId, value, onSaved }: { chatbotId: string; channelId: string; value: string | null; onSaved: () => Promise<void> }) {
  const trpc = useTRPC();
  const [draft, setDraft] = useState(value ?? "");
  const save = useMutation(trpc.channels.update.mutationOptions({ onSuccess: onSaved }));
  const fieldErrors = (save.error?.data as { fieldErrors?: Record<string, string[]> } | null | undefined)?.fieldErrors ?? {};
  const error = fieldErrors.handoff_channel?.[0] ?? save.error?.message ?? null;
  const id = `handoff-channel-${channelId}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ chatbot_id: chatbotId, channel_id: channelId, handoff_channel: draft.trim() || null });
  };
  return (
    <form onSubmit={submit} className="space-y-2" aria-label="Handoff channel">
      <Field
        id={id}
        label="Handoff channel id (optional)"
        hint="Conversations waiting for a person are posted there; reply in the post's thread to answer the visitor. Invite the bot to the channel; empty: none."
        error={error}
      >
        <Input id={id} placeholder="C0123456789" spellCheck={false} autoComplete="off" value={draft} onChange={(e) => setDraft(e.target.value)} {...describedBy(id, { error, hint: true })} />
      </Field>
      <div className="flex items-center gap-3">
        <Button type="submit" size="sm" variant="secondary" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save handoff channel"}
        </Button>
        {save.isSuccess && !save.isPending ? (
          <p role="status" className="text-sm text-green-700">
            Saved.
          </p>
        ) : null}
      </div>
    </form>
  );
}
