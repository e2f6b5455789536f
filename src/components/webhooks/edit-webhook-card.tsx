"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { useState } from "react";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import type { WebhookItem } from "@/components/webhooks/types";
import { applyWebhookServerErrors, formDefaults, WebhookForm } from "@/components/webhooks/webhook-form";
import { useTRPC } from "@/trpc/react";

/** Change the url and the events; the signing secret stays the same. */
export function EditWebhookCard({ webhook }: { webhook: WebhookItem }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [dirty, setDirty] = useState(false);
  const update = useMutation(
    trpc.agencyWebhooks.update.mutationOptions({
      onSuccess: async ({ webhook: changed }) => {
        queryClient.setQueryData(trpc.agencyWebhooks.get.queryKey({ webhook_id: changed.id }), changed);
        setSaved(true);
        await queryClient.invalidateQueries({ queryKey: trpc.agencyWebhooks.list.queryKey() });
      },
    }),
  );

  const status =
    saved && !dirty ? (
      <p role="status" className="font-medium text-emerald-700">
        Changes saved.
      </p>
    ) : dirty ? (
      <p className="text-gray-500">Unsaved changes</p>
    ) : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Endpoint settings</CardTitle>
        <p className="mt-0.5 text-xs text-gray-500">Changing the URL or the events keeps the signing secret.</p>
      </CardHeader>
      <CardBody>
        <WebhookForm
          defaultValues={formDefaults(webhook)}
          submitLabel="Save changes"
          pending={update.isPending}
          formError={formError}
          onDirtyChange={setDirty}
          status={status}
          onSubmit={async (values, setError) => {
            setFormError(null);
            setSaved(false);
            try {
              return (await update.mutateAsync({ webhook_id: webhook.id, ...values })).webhook;
            } catch (error) {
              if (error instanceof TRPCClientError) setFormError(applyWebhookServerErrors(error, setError));
              else setFormError(error instanceof Error ? error.message : "Couldn't save the changes.");
              return null;
            }
          }}
        />
      </CardBody>
    </Card>
  );
}
