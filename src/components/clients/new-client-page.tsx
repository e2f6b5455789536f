"use client";

import { useQuery } from "@tanstack/react-query";
import { isForbidden } from "@/components/lib/trpc-error";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { useTRPC } from "@/trpc/react";
import { BackToClients } from "@/components/clients/back-to-clients";
import { CreateClientForm } from "@/components/clients/create-client-form";
import { AgencyOnlyState } from "@/components/clients/query-states";
import { ErrorAlert } from "@/components/ui/alert";

export function NewClientPage() {
  const trpc = useTRPC();
  const { data, error, isPending, refetch, isRefetching } = useQuery(trpc.agencyClients.overview.queryOptions(undefined, { retry: (n, e) => !isForbidden(e) && n < 1 }));
  return (
    <>
      <BackToClients />
      <PageHeader title="New client" description="Create a workspace with its limits, optionally a first agent and an invitation for the client's team." />
      {isPending ? (
        <Card aria-busy="true" className="space-y-4 p-6">
          <p role="status" className="sr-only">
            Loading…
          </p>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-9" />
          ))}
        </Card>
      ) : error ? (
        isForbidden(error) ? (
          <AgencyOnlyState />
        ) : (
          <ErrorAlert title="Couldn't load your agency plan." message={error.message} onRetry={() => void refetch()} retrying={isRefetching} />
        )
      ) : (
        <CreateClientForm agency={data.agency} />
      )}
    </>
  );
}
