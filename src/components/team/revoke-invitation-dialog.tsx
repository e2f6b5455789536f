"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/** The confirmation before an invitation is revoked: the same words wherever a pending invitation is listed. */
export function RevokeInvitationDialog({
  invitation,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  invitation: { id: string; email: string } | null;
  pending: boolean;
  error: string | null;
  onConfirm: (invitationId: string) => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={invitation !== null}
      title={`Revoke the invitation to ${invitation?.email ?? ""}?`}
      description="The link stops working at once, also if it was forwarded. You can invite them again later."
      confirmLabel="Revoke invitation"
      pending={pending}
      error={error}
      onConfirm={() => invitation && onConfirm(invitation.id)}
      onClose={onClose}
    />
  );
}
