"use client";

import { useState } from "react";

/** The part of a react-query mutation a confirmation needs (a tRPC `useMutation` result fits). */
interface ConfirmableMutation<Variables> {
  mutate(variables: Variables, options?: { onSuccess?: () => void }): void;
  reset(): void;
  isPending: boolean;
  error: { message: string } | null;
}

/**
 * "Delete this row?" in a list: which row the `ConfirmDialog` asks about, and the
 * dialog's wiring to the mutation. `ask(row)` opens it with no stale error;
 * confirming runs the mutation with `variables(row)` and closes the dialog once it
 * succeeded (after the mutation's own `onSuccess`, e.g. the list's refresh); a
 * failure stays in the dialog; closing forgets it.
 * Use: `<ConfirmDialog {...deleting.dialog} title=… description={…deleting.target…} confirmLabel=… />`.
 */
export function useDeleteConfirm<Row, Variables>(mutation: ConfirmableMutation<Variables>, variables: (row: Row) => Variables) {
  const [target, setTarget] = useState<Row | null>(null);
  const close = () => {
    mutation.reset();
    setTarget(null);
  };
  return {
    target,
    ask(row: Row) {
      mutation.reset();
      setTarget(row);
    },
    dialog: {
      open: target !== null,
      pending: mutation.isPending,
      error: mutation.error?.message ?? null,
      onConfirm: () => {
        if (target !== null) mutation.mutate(variables(target), { onSuccess: () => setTarget(null) });
      },
      onClose: close,
    },
  };
}
