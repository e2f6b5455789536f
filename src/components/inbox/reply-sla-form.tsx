"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useTRPC } from "@/trpc/react";

/** The chatbot's reply target (docs/decisions/121-the-inbox-for-a-support-team.md): past it the assignee is e-mailed, one more target later the workspace's admins. */
export function ReplySlaForm({ chatbotId, canEdit }: { chatbotId: string; canEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const views = useQuery(trpc.inboxTools.views.queryOptions({ chatbot_id: chatbotId }));
  const [minutes, setMinutes] = useState<string | null>(null);
  const save = useMutation(
    trpc.inboxTools.setReplySla.mutationOptions({
      onSuccess: () => {
        setMinutes(null);
        void queryClient.invalidateQueries({ queryKey: trpc.inboxTools.views.queryKey() });
      },
    }),
  );
  const value = minutes ?? String(views.data?.sla_minutes ?? "");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ chatbot_id: chatbotId, reply_sla_minutes: Number(value) });
  };
  return (
    <Card className="space-y-3 p-4">
      <h2 className="text-base font-semibold text-gray-900">Reply target</h2>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <Field id="reply-sla-minutes" label="Minutes a visitor may wait for a person's answer" hint="Past it, the assignee is e-mailed; one more target later, the workspace's admins.">
          <Input id="reply-sla-minutes" type="number" min={1} max={1440} className="w-28" value={value} disabled={!canEdit} onChange={(e) => setMinutes(e.target.value)} aria-describedby="reply-sla-minutes-hint" />
        </Field>
        {canEdit ? (
          <Button type="submit" size="sm" disabled={save.isPending || minutes === null}>
            Save
          </Button>
        ) : null}
      </form>
      {save.error ? <ErrorAlert title="Couldn't save the reply target." message={save.error.message} /> : null}
    </Card>
  );
}
