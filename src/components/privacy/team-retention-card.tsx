"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { FormField } from "@/components/clients/form-field";
import { FormError } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { SaveRow } from "@/components/ui/save-row";
import { useTRPC } from "@/trpc/react";
import { clientRetentionError } from "@/shared/data-retention";
import { daysText, parseDays, retentionLabel } from "./days-input";

/**
 * A client workspace's own data retention on its team page (docs/decisions/124-retention-and-a-persons-data.md):
 * its admins keep their visitors' data for fewer days than the agency's default, within the agency's maximum.
 * Shown to those who may manage the team; nothing for anyone else.
 */
export function TeamRetentionCard({ teamId }: { teamId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const current = useQuery(trpc.privacy.teamRetention.queryOptions({ team_id: teamId }, { retry: false }));
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useMutation(
    trpc.privacy.setTeamRetention.mutationOptions({
      onSuccess: async (res) => {
        setSaved(true);
        queryClient.setQueryData(trpc.privacy.teamRetention.queryKey({ team_id: teamId }), res);
      },
    }),
  );
  if (!current.data) return null;
  const { days, default_days: defaultDays, max_days: maxDays, effective_days: effective } = current.data;
  const value = text ?? daysText(days);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const parsed = parseDays(value);
    const refusal = Number.isNaN(parsed) ? "Enter a whole number of days, or leave it empty for your agency's default." : clientRetentionError(parsed, maxDays);
    setProblem(refusal);
    if (!refusal) save.mutate({ team_id: teamId, days: parsed });
  };
  const hint = `Conversations, visitors and contacts older than this are deleted every night; analytics keep their figures. Empty: your agency's default${
    defaultDays ? ` (${defaultDays} days)` : ""
  }.${maxDays ? ` At most ${maxDays} days.` : ""}`;
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center gap-2">
        <CardTitle id="team-retention-heading">Data retention</CardTitle>
        <Badge tone={effective === null ? undefined : "indigo"}>{retentionLabel(effective)}</Badge>
      </CardHeader>
      <CardBody>
        <form noValidate onSubmit={onSubmit} aria-labelledby="team-retention-heading" className="space-y-3">
          <FormField label="Keep data for (days)" hint={hint} error={problem ?? undefined}>
            {(c) => (
              <Input {...c} value={value} onChange={(e) => (setText(e.target.value), setSaved(false))} inputMode="numeric" autoComplete="off" placeholder="e.g. 30" className="sm:max-w-48" />
            )}
          </FormField>
          <FormError message={save.error && !problem ? save.error.message : null} />
          <SaveRow label="Save retention" pending={save.isPending} saved={saved && "Saved."} />
        </form>
      </CardBody>
    </Card>
  );
}
