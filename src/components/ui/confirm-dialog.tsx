"use client";

import type { ReactNode } from "react";
import { Dialog } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { FormError } from "@/components/ui/alert";

/** Asks before a consequential action; shows its failure inside the dialog. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      <FormError message={error} className="mb-4" />
      <DialogActions confirmLabel={confirmLabel} onCancel={onClose} onConfirm={onConfirm} pending={pending} variant="danger" />
    </Dialog>
  );
}

/** What a consequential action does, point by point, for a confirmation dialog's description. */
export function ConsequenceList({ points }: { points: readonly string[] }) {
  return (
    <ul className="list-disc space-y-1 pl-5">
      {points.map((p) => (
        <li key={p}>{p}</li>
      ))}
    </ul>
  );
}
