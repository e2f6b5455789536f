"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ROLES } from "@/components/clients/client-form-schema";
import { humanize } from "@/components/lib/format";
import type { RouterOutputs } from "@/components/lib/trpc-types";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useDeleteConfirm } from "@/components/ui/use-delete-confirm";
import { Select } from "@/components/ui/select";
import { useTRPC } from "@/trpc/react";

type Member = RouterOutputs["team"]["get"]["members"][number];

function MemberRow({ teamId, member, onRemove }: { teamId: string; member: Member; onRemove: (m: Member) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const change = useMutation(
    trpc.team.changeRole.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.team.get.queryKey({ team_id: teamId }) }),
    }),
  );
  const selectId = `role-${member.user_id}`;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="member-row">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-gray-900">
          <span className="min-w-0 truncate">{member.name}</span>
          {member.is_you ? <Badge tone="indigo">You</Badge> : null}
        </p>
        <p className="truncate text-sm text-gray-600">{member.email}</p>
        {change.error ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {change.error.message}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {member.is_you ? (
          <Badge>{humanize(member.role)}</Badge>
        ) : (
          <>
            <label htmlFor={selectId} className="sr-only">
              Role of {member.name}
            </label>
            <Select
              id={selectId}
              className="w-32"
              value={member.role}
              disabled={change.isPending}
              onChange={(e) => change.mutate({ team_id: teamId, user_id: member.user_id, role: e.target.value as Member["role"] })}
            >
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {humanize(role)}
                </option>
              ))}
            </Select>
            <Button variant="secondary" size="sm" onClick={() => onRemove(member)} aria-label={`Remove ${member.name}`}>
              Remove
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

/** The workspace's members with their roles: change a role, remove someone (not yourself). */
export function MembersList({ teamId, members }: { teamId: string; members: Member[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(trpc.team.removeMember.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.team.get.queryKey({ team_id: teamId }) }) }));
  const removing = useDeleteConfirm(remove, (m: Member) => ({ team_id: teamId, user_id: m.user_id }));
  return (
    <>
      <ul className="divide-y divide-gray-200" aria-label="Members">
        {members.map((m) => (
          <MemberRow
            key={m.user_id}
            teamId={teamId}
            member={m}
            onRemove={removing.ask}
          />
        ))}
      </ul>
      <ConfirmDialog
        {...removing.dialog}
        title={`Remove ${removing.target?.name ?? ""}?`}
        description="They lose access to this workspace's chatbots, conversations and analytics at once. Their account and anything they created stay."
        confirmLabel="Remove from workspace"
      />
    </>
  );
}
