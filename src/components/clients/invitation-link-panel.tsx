"use client";

import type { CreatedInvitation } from "@/components/clients/created-invitation";
import { CopyableValue, ShownOncePanel } from "@/components/ui/shown-once-panel";

/** A freshly created invitation's accept link, to send to the invited person. */
export function InvitationLinkPanel({ invitation, onDismiss, title }: { invitation: CreatedInvitation; onDismiss: () => void; title?: string }) {
  return (
    <ShownOncePanel title={title ?? "Invitation created"} testId="invitation-link-panel" focusKey={invitation.accept_url}>
      <p className="mt-1 text-sm text-indigo-900">
        {invitation.mail_sent === false ? (
          <>
            The e-mail to <strong className="font-medium">{invitation.email}</strong> could not be sent ({invitation.mail_error}). Send them this link
            another way: it lets them create a login and join the workspace as {invitation.role}.
          </>
        ) : invitation.mail_sent === undefined ? (
          <>
            The invitation was e-mailed to <strong className="font-medium">{invitation.email}</strong> ({invitation.role}); the Invitations list shows
            whether it went out. You can also send them this link: it lets them create a login and join the workspace.
          </>
        ) : (
          <>
            We e-mailed the invitation to <strong className="font-medium">{invitation.email}</strong> ({invitation.role}). You can also send them this
            link: it lets them create a login and join the workspace.
          </>
        )}
      </p>
      <CopyableValue value={invitation.accept_url} testId="invitation-link" copyLabel="Copy link" small onDismiss={onDismiss} />
    </ShownOncePanel>
  );
}
