import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

/** A settings form's last row: its submit button, any other actions, and what was saved (announced). */
export function SaveRow({ label, pending, saved, children }: { label: string; pending: boolean; saved: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
        {label}
      </Button>
      {children}
      {saved ? (
        <p role="status" className="text-sm text-emerald-700">
          {saved}
        </p>
      ) : null}
    </div>
  );
}
