"use client";

import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import type { SentInvitation } from "@/components/team/invite-member-form";

/** After an invite or a resend: was the e-mail sent, and the link to share another way. */
export function SentInvitationPanel({ sent, onDismiss }: { sent: SentInvitation; onDismiss: () => void }) {
  return (
    <div role="status" className="rounded-lg border border-indigo-200 bg-indigo-50 p-4 text-sm text-indigo-950">
      <p className="font-medium">
        {sent.mail_sent ? `Invitation e-mailed to ${sent.email}.` : `The invitation for ${sent.email} is ready, but the e-mail could not be sent.`}
      </p>
      <p className="mt-1">{sent.mail_sent ? "You can also share this link yourself:" : "Share this link with them yourself:"}</p>
      <div className="mt-2 flex min-w-0 items-center gap-2">
        <code className="block min-w-0 flex-1 truncate rounded border border-indigo-200 bg-white px-2 py-1 font-mono text-xs text-gray-800" title={sent.accept_url}>
          {sent.accept_url}
        </code>
        <CopyButton value={sent.accept_url} label="Copy link" aria-label={`Copy the invitation link for ${sent.email}`} />
      </div>
      <Button variant="ghost" size="sm" className="mt-2" onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}
