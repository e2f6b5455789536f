"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { MICROSOFT_TEAMS, SLACK } from "@/shared/integrations";
import { useTRPC } from "@/trpc/react";

/** What each provider's handoff channel id looks like, and how to find it. */
const FIELD: Record<typeof SLACK | typeof MICROSOFT_TEAMS, { placeholder: string; hint: string }> = {
  [SLACK]: {
    placeholder: "C0123456789",
    hint: "Conversations waiting for a person are posted there; reply in the post's thread to answer the visitor. Invite the bot to the channel; empty: none.",
  },
  [MICROSOFT_TEAMS]: {
    placeholder: "19:…@thread.tacv2",
    hint: "The Teams channel's id (its ⋯ menu → Get link to channel: the part after /channel/, decoded). Conversations waiting for a person start a thread there; reply in the thread to answer the visitor. Install the bot's app in the team; empty: none.",
  },
};

/**
 * A Slack or Teams channel's handoff channel (docs/decisions/073-slack-handoff-channel.md, 129-teams-handoff-channel.md):
 * the provider's channel where conversations waiting for a person are posted; a reply in the post's thread goes to the visitor.
 */
export function HandoffChannelForm({
  chatbotId,
  channelId,
  kind,
  value,
  onSaved,
}: {
  chatbotId: string;
  channelId: string;
  kind: typeof SLACK | typeof MICROSOFT_TEAMS;
  value: string | null;
  onSaved: () => Promise<void>;
}) {
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
        hint={FIELD[kind].hint}
        error={error}
      >
        <Input id={id} placeholder={FIELD[kind].placeholder} spellCheck={false} autoComplete="off" value={draft} onChange={(e) => setDraft(e.target.value)} {...describedBy(id, { error, hint: true })} />
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
