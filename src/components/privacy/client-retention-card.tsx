"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useClientRefresh } from "@/components/clients/use-client-mutations";
import { useTRPC } from "@/trpc/react";
import { effectiveRetentionDays } from "@/shared/data-retention";
import { RetentionFormCard } from "./retention-form-card";

/**
 * A client's data retention on its page in the agency's portal (docs/decisions/124-retention-and-a-persons-data.md):
 * its own number of days within the agency's maximum, or empty for the agency's default.
 */
export function ClientRetentionCard({ clientId, days }: { clientId: string; days: number | null }) {
  const trpc = useTRPC();
  const refresh = useClientRefresh(clientId);
  const agency = useQuery(trpc.privacy.agencyRetention.queryOptions());
  const save = useMutation(trpc.agencyClients.update.mutationOptions({ onSuccess: (res) => refresh(res.client) }));
  const maxDays = agency.data?.max_days ?? null;
  const effective = agency.data ? effectiveRetentionDays(days, { defaultDays: agency.data.default_days, maxDays }) : days;
  return (
    <RetentionFormCard
      headingId="retention-heading"
      days={days}
      defaultDays={agency.data?.default_days ?? null}
      maxDays={maxDays}
      effective={effective}
      save={(next) => save.mutateAsync({ client_id: clientId, data_retention_days: next })}
    />
  );
}
