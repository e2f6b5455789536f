import type { ReactNode } from "react";
import { cn } from "@/components/lib/cn";
import { Button } from "@/components/ui/button";

/** A failed load or action, with an optional retry. */
export function ErrorAlert({ title, message, onRetry, retrying, className }: { title: string; message?: ReactNode; onRetry?: () => void; retrying?: boolean; className?: string }) {
  return (
    <div role="alert" className={cn("rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800", className)}>
      <p className="font-medium">{title}</p>
      {message ? <p className="mt-1 text-red-700">{message}</p> : null}
      {onRetry ? (
        <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry} disabled={retrying}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}

/** A mutation's or a form's error message, inside the form or dialog (announced as an alert). */
export function FormError({ message, id, className }: { message: string | null | undefined; id?: string; className?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={cn("rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700", className)}>
      {message}
    </p>
  );
}
