"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { WebhookItem } from "@/components/webhooks/types";
import { useTRPC } from "@/trpc/react";

/** Refreshes what a change of `webhook` shows: the endpoint, the list and the log. */
function useWebhookCache() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return {
    put: (webhook: WebhookItem) => queryClient.setQueryData(trpc.agencyWebhooks.get.queryKey({ webhook_id: webhook.id }), webhook),
    refresh: (webhookId: string) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.agencyWebhooks.list.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.agencyWebhooks.deliveries.queryKey({ webhook_id: webhookId }) }),
      ]),
  };
}

/** `Deactivate` (after a confirmation: queued retries become "not sent") or `Activate`. */
export function ActiveToggle({ webhook, onError }: { webhook: WebhookItem; onError: (message: string | null) => void }) {
  const trpc = useTRPC();
  const cache = useWebhookCache();
  const [confirming, setConfirming] = useState(false);
  const update = useMutation(
    trpc.agencyWebhooks.update.mutationOptions({
      onSuccess: async ({ webhook: changed }) => {
        cache.put(changed);
        setConfirming(false);
        await cache.refresh(changed.id);
      },
    }),
  );

  if (!webhook.active) {
    return (
      <Button
        variant="primary"
        disabled={update.isPending}
        aria-busy={update.isPending || undefined}
        onClick={() => {
          onError(null);
          update.mutate({ webhook_id: webhook.id, active: true }, { onError: (e) => onError(e.message) });
        }}
      >
        Activate
      </Button>
    );
  }

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          update.reset();
          setConfirming(true);
        }}
      >
        Deactivate
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Deactivate this endpoint?"
        description={
          <div className="space-y-2">
            <p>No events are sent to this endpoint until you activate it again. Its signing secret and delivery log are kept.</p>
            <p>
              Deliveries still waiting for a retry are marked <strong className="font-medium text-gray-900">&ldquo;not sent&rdquo;</strong> and are not
              retried later, even after you activate the endpoint again; once it is active you can resend them from the log.
            </p>
          </div>
        }
        confirmLabel="Deactivate"
        pending={update.isPending}
        error={update.error?.message ?? null}
        onConfirm={() => update.mutate({ webhook_id: webhook.id, active: false })}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

/** `Delete endpoint` behind a confirmation; back to the list afterwards. */
export function DeleteWebhookButton({ webhook }: { webhook: WebhookItem }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(
    trpc.agencyWebhooks.delete.mutationOptions({
      onSuccess: async () => {
        router.push("/webhooks");
        await queryClient.invalidateQueries({ queryKey: trpc.agencyWebhooks.list.queryKey() });
      },
    }),
  );

  return (
    <>
      <Button
        variant="secondary"
        className="text-red-700 hover:text-red-800"
        onClick={() => {
          remove.reset();
          setConfirming(true);
        }}
      >
        Delete endpoint
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Delete this endpoint?"
        description={
          <p>
            Events stop going to <strong className="font-medium break-all text-gray-900">{webhook.url}</strong> at once, and its delivery log is
            deleted. This cannot be undone.
          </p>
        }
        confirmLabel="Delete endpoint"
        pending={remove.isPending || remove.isSuccess}
        error={remove.error?.message ?? null}
        onConfirm={() => remove.mutate({ webhook_id: webhook.id })}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

/** `Send test event`: one `webhook.test` delivery to this endpoint only. */
export function SendTestButton({ webhook, onSent, onError }: { webhook: WebhookItem; onSent: () => void; onError: (message: string | null) => void }) {
  const trpc = useTRPC();
  const cache = useWebhookCache();
  const send = useMutation(
    trpc.agencyWebhooks.sendTest.mutationOptions({
      onSuccess: async () => {
        onSent();
        await cache.refresh(webhook.id);
      },
      onError: (e) => onError(e.message),
    }),
  );
  return (
    <Button
      disabled={!webhook.active || send.isPending}
      aria-busy={send.isPending || undefined}
      title={webhook.active ? undefined : "Activate the endpoint to send events."}
      onClick={() => {
        onError(null);
        send.mutate({ webhook_id: webhook.id });
      }}
    >
      {send.isPending ? "Sending…" : "Send test event"}
    </Button>
  );
}
