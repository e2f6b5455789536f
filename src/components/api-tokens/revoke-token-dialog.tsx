"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiTokenItem } from "@/components/lib/trpc-types";
import { Dialog } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { useTRPC } from "@/trpc/react";
import { FormError } from "@/components/ui/alert";

/** Asks before revoking `token` (open while it is non-null), then revokes it and refreshes the list. */
export function RevokeTokenDialog({ token, onClose }: { token: ApiTokenItem | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const revoke = useMutation(
    trpc.apiTokens.revoke.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.apiTokens.list.queryKey() });
        close();
      },
    }),
  );

  function close() {
    revoke.reset();
    onClose();
  }

  return (
    <Dialog
      open={token !== null}
      onClose={close}
      title="Revoke API token?"
      description={
        <p>
          <strong className="font-medium text-gray-900">{token?.name}</strong> will stop working immediately. Any integration using it will
          get authentication errors. This cannot be undone.
        </p>
      }
    >
      <FormError message={revoke.error?.message} className="mb-4" />
      <DialogActions
        confirmLabel="Revoke token"
        onCancel={close}
        onConfirm={() => token && revoke.mutate({ id: token.id })}
        pending={revoke.isPending}
        variant="danger"
      />
    </Dialog>
  );
}
