"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/react";
import { RetentionFormCard } from "./retention-form-card";

/**
 * A client workspace's own data retention on its team page (docs/decisions/124-retention-and-a-persons-data.md):
 * its admins keep their visitors' data for fewer days than the agency's default, within the agency's maximum.
 * Shown to those who may manage the team; nothing for anyone else.
 */
export function TeamRetentionCard({ teamId }: { teamId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const current = useQuery(trpc.privacy.teamRetention.queryOptions({ team_id: teamId }, { retry: false }));
  const save = useMutation(
    trpc.privacy.setTeamRetention.mutationOptions({
      onSuccess: (res) => queryClient.setQueryData(trpc.privacy.teamRetention.queryKey({ team_id: teamId }), res),
    }),
  );
  if (!current.data) return null;
  const { days, default_days, max_days, effective_days } = current.data;
  return (
    <RetentionFormCard
      headingId="team-retention-heading"
      days={days}
      defaultDays={default_days}
      maxDays={max_days}
      effective={effective_days}
      save={(next) => save.mutateAsync({ team_id: teamId, days: next })}
    />
  );
}
