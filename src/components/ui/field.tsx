import type { ReactNode } from "react";
import { cn } from "@/components/lib/cn";
import { Label } from "@/components/ui/label";

/** Ids that tie a control to its hint and error, for `aria-describedby`. */
export function fieldIds(id: string) {
  return { hint: `${id}-hint`, error: `${id}-error` };
}

/** `aria-*` props for the control of a Field. */
export function describedBy(id: string, opts: { hint?: boolean; error?: string | null }) {
  const ids = fieldIds(id);
  const parts = [opts.error ? ids.error : null, opts.hint ? ids.hint : null].filter(Boolean);
  return { "aria-describedby": parts.length ? parts.join(" ") : undefined, "aria-invalid": opts.error ? true : undefined } as const;
}

/** A label, the control, an optional hint and the field's error message. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
  className,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  children: ReactNode;
  className?: string;
}) {
  const ids = fieldIds(id);
  return (
    <div className={cn("space-y-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={ids.error} className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={ids.hint} className="text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
