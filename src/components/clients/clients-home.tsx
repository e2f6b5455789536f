"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { UsersIcon } from "@/components/icons";
import { isForbidden } from "@/components/lib/trpc-error";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Loading, Skeleton, SkeletonRows } from "@/components/ui/skeleton";
import { useTRPC } from "@/trpc/react";
import { ClientsTable } from "@/components/clients/clients-table";
import { HealthCards } from "@/components/clients/health-cards";
import { AttentionList } from "@/components/clients/attention-list";
import { AgencyOnlyState } from "@/components/clients/query-states";
import { ErrorAlert } from "@/components/ui/alert";
import type { AgencySummary } from "@/components/clients/types";

const DESCRIPTION = "The client workspaces you resell chatbots to: their credits, status and agents.";

function NewClientButton({ agency }: { agency?: AgencySummary }) {
  const full = agency ? agency.workspaces >= agency.workspace_limit : false;
  if (full) {
    return (
      <span className="flex items-center gap-2 text-xs text-gray-500">
        Workspace limit reached
        <span className={buttonClasses({ className: "pointer-events-none opacity-60" })} aria-disabled="true">
          New client
        </span>
      </span>
    );
  }
  return (
    <Link href="/clients/new" className={buttonClasses()}>
      New client
    </Link>
  );
}

function HomeSkeleton() {
  return (
    <Loading label="Loading clients…" className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Card key={i} className="space-y-2 p-4">
            <Skeleton className="h-3 w-24" />
            <Skeleton className="h-7 w-20" />
            <Skeleton className="h-1.5" />
          </Card>
        ))}
      </div>
      <div className="space-y-2 rounded-lg border border-gray-200 bg-white p-4">
        <SkeletonRows count={4} className="h-10" />
      </div>
    </Loading>
  );
}

/** The agency owner's home: cross-client health and the client table. */
export function ClientsHome() {
  const trpc = useTRPC();
  const { data, error, isPending, refetch, isRefetching } = useQuery(trpc.agencyClients.overview.queryOptions(undefined, { retry: (n, e) => !isForbidden(e) && n < 1 }));

  if (error && isForbidden(error)) {
    return (
      <>
        <PageHeader title="Clients" />
        <AgencyOnlyState />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Clients"
        description={data ? `${data.agency.name} · ${DESCRIPTION}` : DESCRIPTION}
        actions={
          data ? (
            <>
              <Link href="/clients/reports" className={buttonClasses({ variant: "secondary" })}>
                Agency report
              </Link>
              <NewClientButton agency={data.agency} />
            </>
          ) : null
        }
      />
      {isPending ? (
        <HomeSkeleton />
      ) : error ? (
        <ErrorAlert title="Couldn't load your clients." message={error.message} onRetry={() => void refetch()} retrying={isRefetching} />
      ) : (
        <div className="space-y-8">
          <AttentionList clients={data.clients} />
          <HealthCards overview={data} />
          {data.clients.length === 0 ? (
            <EmptyState
              icon={<UsersIcon className="size-5" />}
              title="No clients yet"
              description="Create a workspace for your first client: its limits, a first agent and an invitation for the client's team."
              action={<NewClientButton agency={data.agency} />}
            />
          ) : (
            <ClientsTable clients={data.clients} />
          )}
        </div>
      )}
    </>
  );
}
