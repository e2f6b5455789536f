"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatDate, humanize } from "@/components/lib/format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { RevokeInvitationDialog } from "@/components/team/revoke-invitation-dialog";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Loading, Skeleton } from "@/components/ui/skeleton";
import { useTRPC } from "@/trpc/react";
import type { CreatedInvitation } from "@/components/clients/created-invitation";
import { InvitationLinkPanel } from "@/components/clients/invitation-link-panel";
import { InviteForm } from "@/components/clients/invite-form";
import { ErrorAlert } from "@/components/ui/alert";
import type { ClientInvitation } from "@/components/clients/types";

function StateBadge({ invitation }: { invitation: ClientInvitation }) {
  if (invitation.state === "accepted") return <Badge tone="green">Accepted</Badge>;
  if (invitation.state === "expired") return <Badge>Expired</Badge>;
  if (invitation.state === "revoked") return <Badge>Revoked</Badge>;
  return <Badge tone="indigo">Pending</Badge>;
}

function sentLine(invitation: ClientInvitation) {
  if (invitation.mail_sent_at) {
    return (
      <>
        E-mailed <time dateTime={invitation.mail_sent_at}>{formatDate(invitation.mail_sent_at)}</time>
      </>
    );
  }
  const why = invitation.mail_error ? `: ${invitation.mail_error.charAt(0).toLowerCase()}${invitation.mail_error.slice(1)}` : "";
  return <span className="text-amber-800">Not e-mailed{why}. Send the link another way, or resend</span>;
}

function InvitationItem({ invitation, onResend, onRevoke, busy }: { invitation: ClientInvitation; onResend: () => void; onRevoke: () => void; busy: boolean }) {
  const open = invitation.state === "pending" || invitation.state === "expired";
  return (
    <li className="min-w-0 py-3" data-testid="invitation-row">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="min-w-0 max-w-full truncate text-sm font-medium text-gray-900">{invitation.email}</span>
        <Badge>{humanize(invitation.role)}</Badge>
        <StateBadge invitation={invitation} />
      </div>
      <p className="mt-0.5 text-xs text-gray-600">
        {invitation.state === "accepted" && invitation.accepted_at ? (
          <>
            Accepted <time dateTime={invitation.accepted_at}>{formatDate(invitation.accepted_at)}</time>
          </>
        ) : invitation.state === "expired" ? (
          <>
            Expired <time dateTime={invitation.expires_at}>{formatDate(invitation.expires_at)}</time>
          </>
        ) : invitation.state === "revoked" ? (
          <>Revoked</>
        ) : (
          <>
            {sentLine(invitation)} · expires <time dateTime={invitation.expires_at}>{formatDate(invitation.expires_at)}</time>
          </>
        )}
      </p>
      {invitation.accept_url ? (
        <div className="mt-2 flex min-w-0 items-center gap-2">
          <code className="block min-w-0 flex-1 truncate rounded border border-gray-200 bg-gray-50 px-2 py-1 font-mono text-xs text-gray-700" title={invitation.accept_url}>
            {invitation.accept_url}
          </code>
          <CopyButton value={invitation.accept_url} label="Copy link" aria-label={`Copy the invitation link for ${invitation.email}`} />
        </div>
      ) : null}
      {open ? (
        <div className="mt-2 flex gap-2">
          <Button variant="secondary" size="sm" disabled={busy} onClick={onResend} aria-label={`Resend the invitation to ${invitation.email}`}>
            Resend
          </Button>
          <Button variant="secondary" size="sm" onClick={onRevoke} aria-label={`Revoke the invitation to ${invitation.email}`}>
            Revoke
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** Portal invitations of the workspace, their links while pending, and a form to invite someone. */
export function InvitationsSection({ clientId }: { clientId: string }) {
  const trpc = useTRPC();
  // Accepted elsewhere, by the invited person: always refetch when the page is opened.
  const { data, error, isPending, refetch, isRefetching } = useQuery(trpc.agencyClients.invitations.queryOptions({ client_id: clientId }, { staleTime: 0 }));
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const [revoking, setRevoking] = useState<ClientInvitation | null>(null);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.agencyClients.invitations.queryKey({ client_id: clientId }) });
  const resend = useMutation(trpc.agencyClients.resendInvitation.mutationOptions({ onSuccess: async (sent) => (setCreated(sent), await refresh()) }));
  const revoke = useMutation(
    trpc.agencyClients.revokeInvitation.mutationOptions({
      onSuccess: async () => {
        setRevoking(null);
        await refresh();
      },
    }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invitations</CardTitle>
      </CardHeader>
      <CardBody className="space-y-4">
        <InviteForm clientId={clientId} onInvited={setCreated} />
        {created ? <InvitationLinkPanel invitation={created} onDismiss={() => setCreated(null)} /> : null}
        {resend.error ? (
          <p role="alert" className="text-sm text-red-700">
            {resend.error.message}
          </p>
        ) : null}
        {isPending ? (
          <Loading label="Loading invitations…" className="space-y-2">
            <Skeleton className="h-12" />
          </Loading>
        ) : error ? (
          <ErrorAlert title="Couldn't load the invitations." message={error.message} onRetry={() => void refetch()} retrying={isRefetching} />
        ) : data.length === 0 ? (
          <p className="py-4 text-center text-sm text-gray-500">No invitations yet. Invite someone from the client&apos;s team to their portal.</p>
        ) : (
          <ul aria-label="Invitations" className="divide-y divide-gray-100 border-t border-gray-100">
            {data.map((invitation) => (
              <InvitationItem
                key={invitation.id}
                invitation={invitation}
                busy={resend.isPending}
                onResend={() => resend.mutate({ client_id: clientId, invitation_id: invitation.id })}
                onRevoke={() => {
                  revoke.reset();
                  setRevoking(invitation);
                }}
              />
            ))}
          </ul>
        )}
        <RevokeInvitationDialog
          invitation={revoking}
          pending={revoke.isPending}
          error={revoke.error?.message ?? null}
          onConfirm={(invitationId) => revoke.mutate({ client_id: clientId, invitation_id: invitationId })}
          onClose={() => setRevoking(null)}
        />
      </CardBody>
    </Card>
  );
}
