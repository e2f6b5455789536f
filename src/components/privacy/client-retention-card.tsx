"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { FormField } from "@/components/clients/form-field";
import { useClientRefresh } from "@/components/clients/use-client-mutations";
import { FormError } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { SaveRow } from "@/components/ui/save-row";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { useTRPC } from "@/trpc/react";
import { clientRetentionError, effectiveRetentionDays } from "@/shared/data-retention";
import { daysText, parseDays, retentionLabel } from "./days-input";

/**
 * A client's data retention (docs/decisions/124-retention-and-a-persons-data.md): its own number of days
 * within the agency's maximum, or empty for the agency's default. Conversations, visitors and contacts older
 * than that are deleted every night; analytics keep their figures.
 */
export function ClientRetentionCard({ clientId, days }: { clientId: string; days: number | null }) {
  const trpc = useTRPC();
  const refresh = useClientRefresh(clientId);
  const agency = useQuery(trpc.privacy.agencyRetention.queryOptions());
  const [text, setText] = useState(daysText(days));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useMutation(
    trpc.agencyClients.update.mutationOptions({
      onSuccess: async (res) => {
        setSaved(true);
        await refresh(res.client);
      },
    }),
  );
  const maxDays = agency.data?.max_days ?? null;
  const effective = agency.data ? effectiveRetentionDays(days, { defaultDays: agency.data.default_days, maxDays }) : days;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const parsed = parseDays(text);
    const refusal = Number.isNaN(parsed) ? "Enter a whole number of days, or leave it empty for your agency's default." : clientRetentionError(parsed, maxDays);
    setProblem(refusal);
    if (!refusal) save.mutate({ client_id: clientId, data_retention_days: parsed });
  };
  const hint = `Conversations, visitors and contacts older than this are deleted every night; analytics keep their figures. Empty: your agency's default${
    agency.data?.default_days ? ` (${agency.data.default_days} days)` : ""
  }.${maxDays ? ` At most ${maxDays} days.` : ""}`;
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center gap-2">
        <CardTitle id="retention-heading">Data retention</CardTitle>
        <Badge tone={effective === null ? undefined : "indigo"}>{retentionLabel(effective)}</Badge>
      </CardHeader>
      <CardBody>
        <form noValidate onSubmit={onSubmit} aria-labelledby="retention-heading" className="space-y-3">
          <FormField label="Keep data for (days)" hint={hint} error={problem ?? undefined}>
            {(c) => (
              <Input {...c} value={text} onChange={(e) => (setText(e.target.value), setSaved(false))} inputMode="numeric" autoComplete="off" placeholder="e.g. 30" className="sm:max-w-48" />
            )}
          </FormField>
          <FormError message={save.error && !problem ? save.error.message : null} />
          <SaveRow label="Save retention" pending={save.isPending} saved={saved && "Saved."} />
        </form>
      </CardBody>
    </Card>
  );
}
