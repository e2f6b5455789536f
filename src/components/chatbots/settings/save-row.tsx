"use client";

import { Button } from "@/components/ui/button";

/** A settings card's Save button and its "Saved." (nothing for a role that may not edit). */
export function SaveRow({ canEdit, label, onSave, save }: { canEdit: boolean; label: string; onSave: () => void; save: { isPending: boolean; isSuccess: boolean } }) {
  if (!canEdit) return null;
  return (
    <div className="flex items-center gap-3">
      <Button onClick={onSave} disabled={save.isPending}>
        {save.isPending ? "Saving…" : label}
      </Button>
      {save.isSuccess ? (
        <span role="status" className="text-sm text-emerald-700">
          Saved.
        </span>
      ) : null}
    </div>
  );
}
