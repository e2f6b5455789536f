"use client";

import { useEffect, useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import type { CreatedInvitation } from "@/components/clients/created-invitation";

/** A freshly created invitation's accept link, to send to the invited person. */
export function InvitationLinkPanel({ invitation, onDismiss, title }: { invitation: CreatedInvitation; onDismiss: () => void; title?: string }) {
  const ref = useRef<HTMLElement>(null);
  const headingId = useId();
  useEffect(() => {
    ref.current?.focus();
  }, [invitation.accept_url]);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={headingId}
      data-testid="invitation-link-panel"
      className="rounded-lg border border-indigo-200 bg-indigo-50 p-4 focus:outline-none focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <h2 id={headingId} className="text-sm font-semibold text-indigo-950">
        {title ?? "Invitation created"}
      </h2>
      <p className="mt-1 text-sm text-indigo-900">
        Send this link to <strong className="font-medium">{invitation.email}</strong> ({invitation.role}). It lets them create a login and join the
        workspace.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          data-testid="invitation-link"
          className="block min-w-0 flex-1 overflow-x-auto rounded-md border border-indigo-200 bg-white px-3 py-2 font-mono text-xs whitespace-nowrap text-gray-900 select-all"
        >
          {invitation.accept_url}
        </code>
        <div className="flex items-center gap-2">
          <CopyButton value={invitation.accept_url} label="Copy link" />
          <Button variant="ghost" size="sm" onClick={onDismiss}>
            Done
          </Button>
        </div>
      </div>
    </section>
  );
}
