"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { CreatedWebhook } from "@/components/webhooks/types";
import { applyWebhookServerErrors, formDefaults, WebhookForm } from "@/components/webhooks/webhook-form";
import { useTRPC } from "@/trpc/react";

/** "Add endpoint": rendered only while open, so each opening starts with an empty form. */
export function CreateWebhookDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (created: CreatedWebhook) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const create = useMutation(
    trpc.agencyWebhooks.create.mutationOptions({
      onSuccess: async (created) => {
        onCreated(created);
        await queryClient.invalidateQueries({ queryKey: trpc.agencyWebhooks.list.queryKey() });
      },
    }),
  );

  return (
    <Dialog
      open
      onClose={onClose}
      title="Add endpoint"
      description="We POST a signed JSON event to this URL whenever one of the chosen events happens in your client workspaces."
      className="max-w-lg"
    >
      <WebhookForm
        defaultValues={formDefaults()}
        submitLabel="Add endpoint"
        pending={create.isPending}
        formError={formError}
        onSubmit={(values, setError) => {
          setFormError(null);
          create.mutate(values, { onError: (error) => setFormError(applyWebhookServerErrors(error, setError)) });
        }}
        secondaryAction={
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
        }
      />
    </Dialog>
  );
}
