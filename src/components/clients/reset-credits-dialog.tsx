"use client";

import { useMutation } from "@tanstack/react-query";
import { Dialog } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { useTRPC } from "@/trpc/react";
import { formatNumber, isStopped } from "@/components/clients/format";
import { FormError } from "@/components/ui/alert";
import type { Client } from "@/components/clients/types";
import { useClientRefresh } from "@/components/clients/use-client-mutations";

/** Starts a fresh monthly allowance (`reset_credits: true`); the top-up bucket is kept. */
export function ResetCreditsDialog({ client, open, onClose }: { client: Client; open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useClientRefresh(client.id);
  const update = useMutation(
    trpc.agencyClients.update.mutationOptions({
      onSuccess: async (res) => {
        close();
        await refresh(res.client);
      },
    }),
  );
  function close() {
    update.reset();
    onClose();
  }
  return (
    <Dialog
      open={open}
      onClose={close}
      title={`Reset credits for ${client.name}?`}
      description={
        <ul className="list-disc space-y-1 pl-4">
          <li>
            The {formatNumber(client.usage.messages)} messages used this month go back to 0 and a new monthly period of{" "}
            {formatNumber(client.limits.messages ?? 0)} messages starts today.
          </li>
          <li>Top-up credits are kept ({formatNumber(client.topup_credits_remaining)} in the bucket).</li>
          {isStopped(client) ? <li>The workspace stays {client.status}: resume it for the agents to use the fresh allowance.</li> : null}
        </ul>
      }
    >
      <div className="space-y-4">
        <FormError message={update.error?.message} />
        <DialogActions
          confirmLabel="Reset credits"
          onCancel={close}
          onConfirm={() => update.mutate({ client_id: client.id, reset_credits: true })}
          pending={update.isPending}
        />
      </div>
    </Dialog>
  );
}
