"use client";

import { useEffect, useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";

/** The full secret of a token just created. The server never returns it again. */
export function NewTokenPanel({ name, token, onDismiss }: { name: string; token: string; onDismiss: () => void }) {
  const ref = useRef<HTMLElement>(null);
  const headingId = useId();

  // Move focus here so keyboard and screen-reader users land on the secret.
  useEffect(() => {
    ref.current?.focus();
  }, [token]);

  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={headingId}
      data-testid="new-token-panel"
      className="rounded-lg border border-indigo-200 bg-indigo-50 p-4 focus:outline-none focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <h2 id={headingId} className="text-sm font-semibold text-indigo-950">
        Token &ldquo;{name}&rdquo; created
      </h2>
      <p className="mt-1 text-sm font-medium text-amber-800">Copy this token now. You won&apos;t be able to see it again.</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          data-testid="new-token-value"
          className="block min-w-0 flex-1 overflow-x-auto rounded-md border border-indigo-200 bg-white px-3 py-2 font-mono text-sm whitespace-nowrap text-gray-900 select-all"
        >
          {token}
        </code>
        <div className="flex items-center gap-2">
          <CopyButton value={token} />
          <Button variant="ghost" size="sm" onClick={onDismiss}>
            Done
          </Button>
        </div>
      </div>
    </section>
  );
}
