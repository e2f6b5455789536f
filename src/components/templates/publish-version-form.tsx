"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FormField } from "@/components/clients/form-field";
import { FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { useTRPC } from "@/trpc/react";

/** Publishes the master chatbot's current state as the next version, with a note saying what changed. */
export function PublishVersionForm({ templateId, onDone }: { templateId: string; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [note, setNote] = useState("");
  const publish = useMutation(
    trpc.agencyTemplates.publish.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.agencyTemplates.pathKey() });
        onDone();
      },
    }),
  );
  return (
    <form
      aria-label="Publish a version"
      className="space-y-3 rounded-lg border border-gray-200 bg-gray-50 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        publish.mutate({ template_id: templateId, note: note.trim() || null });
      }}
    >
      <FormField label="What changed" optional hint="Publishing takes the master chatbot as it is now. Linked chatbots change only when you roll the version out.">
        {(c) => <Textarea {...c} value={note} onChange={(e) => setNote(e.target.value)} maxLength={1000} placeholder="New booking button and a shorter system prompt" />}
      </FormField>
      <FormError message={publish.error?.message} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={publish.isPending} aria-busy={publish.isPending || undefined}>
          {publish.isPending ? "Publishing…" : "Publish version"}
        </Button>
      </div>
    </form>
  );
}
