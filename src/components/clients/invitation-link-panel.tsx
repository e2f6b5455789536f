"use client";

import { useQuery } from "@tanstack/react-query";
import type { CreatedInvitation } from "@/components/clients/created-invitation";
import { CopyableValue, ShownOncePanel } from "@/components/ui/shown-once-panel";
import { useTRPC } from "@/trpc/react";

/**
 * Whether the invitation's e-mail went out. A resend answers it directly; the invitation created with a new
 * client does not (the contract's Invitation carries the link only), so it is read from the client's
 * invitations list — the same query the Invitations section shows, so the two never disagree.
 */
function useMailOutcome(invitation: CreatedInvitation, clientId?: string): { sent: boolean; error: string | null } | null {
  const trpc = useTRPC();
  const unknown = invitation.mail_sent === undefined && clientId !== undefined;
  const { data } = useQuery(trpc.agencyClients.invitations.queryOptions({ client_id: clientId ?? "" }, { enabled: unknown }));
  if (invitation.mail_sent !== undefined) return { sent: invitation.mail_sent, error: invitation.mail_error ?? null };
  const row = data?.find((i) => i.accept_url === invitation.accept_url);
  return row ? { sent: row.mail_sent_at !== null, error: row.mail_error } : null;
}

/** A freshly created invitation's accept link, to send to the invited person, with one honest line on the e-mail. */
export function InvitationLinkPanel({ invitation, onDismiss, title, clientId }: { invitation: CreatedInvitation; onDismiss: () => void; title?: string; clientId?: string }) {
  const mail = useMailOutcome(invitation, clientId);
  const who = <strong className="font-medium">{invitation.email}</strong>;
  return (
    <ShownOncePanel title={title ?? "Invitation created"} testId="invitation-link-panel" focusKey={invitation.accept_url}>
      <p className="mt-1 text-sm text-indigo-900" data-testid="invitation-mail-outcome">
        {mail === null ? (
          <>
            Invitation for {who} ({invitation.role}) created. Send them this link: it lets them create a login and join the workspace.
          </>
        ) : mail.sent ? (
          <>
            We e-mailed the invitation to {who} ({invitation.role}). You can also send them this link: it lets them create a login and join the
            workspace.
          </>
        ) : (
          <>
            Not e-mailed to {who}
            {mail.error ? `: ${lowerFirst(mail.error)}` : ""}. Send them this link another way: it lets them create a login and join the workspace as{" "}
            {invitation.role}.
          </>
        )}
      </p>
      <CopyableValue value={invitation.accept_url} testId="invitation-link" copyLabel="Copy link" small onDismiss={onDismiss} />
    </ShownOncePanel>
  );
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
