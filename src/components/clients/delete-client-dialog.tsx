"use client";

import { useState } from "react";
import { ConsequenceList } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { FormError } from "@/components/ui/alert";

/** What deleting does, as `deleteClient` in workspaces/lifecycle.ts does it. */
const DELETE_POINTS = [
  "Its agents are deleted, with their sources, trained content, conversations, contacts and escalations. This cannot be undone.",
  "Its members and pending invitations are removed. Their accounts and API tokens stay, but no longer reach this workspace.",
  "Credits are not refunded: what it used this month still counts against your pool, and its credit-ledger entries are kept for your records.",
  "Your webhook endpoints are yours and are not touched; no more events come from this client.",
];

/** The last step: type the client's name to delete it for good. Rendered only while open. */
export function DeleteClientDialog({
  name,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  name: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState("");
  const [mismatch, setMismatch] = useState(false);
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Delete ${name} for good?`}
      description={<ConsequenceList points={DELETE_POINTS} />}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (typed.trim() !== name.trim()) return setMismatch(true);
          onConfirm();
        }}
      >
        <Field id="delete-client-name" label={`Type ${name} to confirm`} error={mismatch ? "The name does not match." : null}>
          <Input
            id="delete-client-name"
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              setMismatch(false);
            }}
            autoComplete="off"
            autoFocus
            aria-invalid={mismatch || undefined}
            aria-describedby={mismatch ? "delete-client-name-error" : undefined}
          />
        </Field>
        <FormError message={error} />
        <DialogActions confirmLabel="Delete client" onCancel={onClose} pending={pending} variant="danger" />
      </form>
    </Dialog>
  );
}
