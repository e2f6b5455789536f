"use client";

import { useEffect, useId, useRef } from "react";
import { cn } from "@/components/lib/cn";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";

/**
 * A panel for something shown once (a new token, secret or invitation link).
 * It takes focus when `focusKey` changes, so keyboard and screen-reader users
 * land on what they must copy.
 */
export function ShownOncePanel({ title, testId, focusKey, children }: { title: React.ReactNode; testId: string; focusKey: string; children: React.ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  const headingId = useId();
  useEffect(() => {
    ref.current?.focus();
  }, [focusKey]);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={headingId}
      data-testid={testId}
      className="rounded-lg border border-indigo-200 bg-indigo-50 p-4 focus:outline-none focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <h2 id={headingId} className="text-sm font-semibold text-indigo-950">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The value to copy in a selectable box, its Copy button, and Done when `onDismiss` is given. */
export function CopyableValue({
  value,
  testId,
  label,
  copyLabel,
  small = false,
  className = "mt-3",
  onDismiss,
}: {
  value: string;
  testId: string;
  /** The box's accessible name, when the text around it does not give one. */
  label?: string;
  copyLabel?: string;
  /** Long values (links) in a smaller font. */
  small?: boolean;
  className?: string;
  onDismiss?: () => void;
}) {
  return (
    <div className={cn(className, "flex flex-col gap-2 sm:flex-row sm:items-center")}>
      {/* Focusable: a long value scrolls sideways, and keyboard users must be able to scroll it (axe: scrollable-region-focusable). */}
      <code
        data-testid={testId}
        aria-label={label}
        tabIndex={0}
        className={cn(
          "block min-w-0 flex-1 overflow-x-auto rounded-md border border-indigo-200 bg-white px-3 py-2 font-mono whitespace-nowrap text-gray-900 select-all focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600",
          small ? "text-xs" : "text-sm",
        )}
      >
        {value}
      </code>
      <div className="flex items-center gap-2">
        <CopyButton value={value} label={copyLabel} />
        {onDismiss ? (
          <Button variant="ghost" size="sm" onClick={onDismiss}>
            Done
          </Button>
        ) : null}
      </div>
    </div>
  );
}
