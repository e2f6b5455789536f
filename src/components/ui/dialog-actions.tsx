"use client";

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";

/**
 * The footer every dialog (and dialog-like form) ends with: Cancel, then the
 * one action. Stacked with the action on top on a phone, side by side on the
 * right from `sm`. Without `onConfirm` the action submits its form.
 */
export function DialogActions({
  confirmLabel,
  onCancel,
  onConfirm,
  pending,
  disabled = false,
  variant = "primary",
  cancelLabel = "Cancel",
}: {
  confirmLabel: ReactNode;
  onCancel: () => void;
  onConfirm?: () => void;
  pending: boolean;
  disabled?: boolean;
  variant?: "primary" | "danger";
  cancelLabel?: string;
}) {
  return (
    <DialogFooter>
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button
        type={onConfirm ? "button" : "submit"}
        variant={variant}
        onClick={onConfirm}
        disabled={pending || disabled}
        aria-busy={pending || undefined}
      >
        {confirmLabel}
      </Button>
    </DialogFooter>
  );
}
