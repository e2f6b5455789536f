"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatDate, humanize } from "@/components/lib/format";
import type { RouterOutputs } from "@/components/lib/trpc-types";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { RevokeInvitationDialog } from "./revoke-invitation-dialog";
import type { SentInvitation } from "@/components/team/invite-member-form";
import { useTRPC } from "@/trpc/react";

type Invitation = RouterOutputs["team"]["get"]["invitations"][number];

/** Invitations not yet accepted: resend (a fresh week) or revoke (the link stops working). */
export function PendingInvitations({ teamId, invitations, onResent }: { teamId: string; invitations: Invitation[]; onResent: (sent: SentInvitation) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.team.get.queryKey({ team_id: teamId }) });
  const resend = useMutation(trpc.team.resendInvitation.mutationOptions({ onSuccess: async (sent) => (onResent(sent), await refresh()) }));
  const revoke = useMutation(
    trpc.team.revokeInvitation.mutationOptions({
      onSuccess: async () => {
        setRevoking(null);
        await refresh();
      },
    }),
  );
  if (invitations.length === 0) return <p className="text-sm text-gray-600">No pending invitations.</p>;
  return (
    <>
      {resend.error ? (
        <p role="alert" className="mb-2 text-sm text-red-700">
          {resend.error.message}
        </p>
      ) : null}
      <ul className="divide-y divide-gray-200" aria-label="Pending invitations">
        {invitations.map((i) => (
          <li key={i.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="pending-invitation">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-gray-900">
                <span className="min-w-0 truncate">{i.email}</span>
                <Badge>{humanize(i.role)}</Badge>
                {i.state === "expired" ? <Badge tone="amber">Expired</Badge> : null}
              </p>
              <p className="text-sm text-gray-600">
                {i.invited_by ? `Invited by ${i.invited_by.is_you ? "you" : i.invited_by.name}` : "Invited"} ·{" "}
                {i.state === "expired" ? "expired" : "expires"} <time dateTime={i.expires_at}>{formatDate(i.expires_at)}</time>
              </p>
            </div>
            <div className="flex shrink-0 gap-2">
              <Button variant="secondary" size="sm" disabled={resend.isPending} onClick={() => resend.mutate({ team_id: teamId, invitation_id: i.id })} aria-label={`Resend the invitation to ${i.email}`}>
                Resend
              </Button>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  revoke.reset();
                  setRevoking(i);
                }}
                aria-label={`Revoke the invitation to ${i.email}`}
              >
                Revoke
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <RevokeInvitationDialog
        invitation={revoking}
        pending={revoke.isPending}
        error={revoke.error?.message ?? null}
        onConfirm={(invitationId) => revoke.mutate({ team_id: teamId, invitation_id: invitationId })}
        onClose={() => setRevoking(null)}
      />
    </>
  );
}
