"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useState } from "react";
import { isForbidden, isNotFound } from "@/components/lib/trpc-error";
import { formatDate, formatDateTime } from "@/components/lib/format";
import { isStopped } from "@/components/clients/format";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Loading, Skeleton } from "@/components/ui/skeleton";
import { useTRPC } from "@/trpc/react";
import { Badge } from "@/components/ui/badge";
import { AgentsSection } from "@/components/clients/agents-section";
import { BackToClients } from "@/components/clients/back-to-clients";
import { ArchiveDeleteCard } from "@/components/clients/archive-delete-card";
import { LowCreditAlertCard } from "@/components/clients/low-credit-alert-card";
import { ClientRetentionCard } from "@/components/privacy/client-retention-card";
import { AutoTopupCard } from "@/components/clients/auto-topup-card";
import { SubscriptionPanel } from "@/components/billing/subscription-panel";
import { CreditActions } from "@/components/clients/credit-actions";
import { CreditPanel } from "@/components/clients/credit-panel";
import { forgetCreatedInvitation, peekCreatedInvitation } from "@/components/clients/created-invitation";
import { InvitationLinkPanel } from "@/components/clients/invitation-link-panel";
import { InvitationsSection } from "@/components/clients/invitations-section";
import { ClientReportSection } from "@/components/reports/client-report-section";
import { LedgerTable } from "@/components/clients/ledger-table";
import { LimitsEditor } from "@/components/clients/limits-editor";
import { AgencyOnlyState } from "@/components/clients/query-states";
import { ErrorAlert } from "@/components/ui/alert";
import { StatusActions } from "@/components/clients/status-actions";
import { ViewAsClientButton } from "@/components/portal/view-as-button";
import { StatusBadge } from "@/components/clients/status-badge";
import type { Client } from "@/components/clients/types";

function StatusNote({ client }: { client: Client }) {
  if (client.status === "active") return null;
  const since = client.paused_at ? (
    <>
      {" "}
      since <time dateTime={client.paused_at}>{formatDateTime(client.paused_at)}</time>
    </>
  ) : null;
  const text =
    client.status === "suspended"
      ? "Agents don't answer, the widget doesn't load and no agents can be created. Nothing is deleted."
      : isStopped(client)
        ? "Agents don't answer and the widget doesn't load. The monthly reset skips the workspace."
        : "Agents answer until the remaining monthly credits run out. Credits are not refilled and top-ups stay frozen.";
  return (
    <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <strong className="font-medium">
        {client.status === "suspended" ? "Suspended" : client.pause_mode ? `Paused (${client.pause_mode})` : "Paused"}
        {since}.
      </strong>{" "}
      {text}
    </p>
  );
}

function DetailSkeleton() {
  return (
    <Loading label="Loading the client…" className="space-y-6">
      <Skeleton className="h-8 w-64" />
      <Card className="space-y-3 p-5">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-10 w-40" />
        <Skeleton className="h-2" />
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-48" />
        <Skeleton className="h-48" />
      </div>
    </Loading>
  );
}

/** One client workspace: credits, status, agents, invitations, limits, the low-credit alert, archive/delete and the credit ledger. */
export function ClientDetail({ clientId }: { clientId: string }) {
  const trpc = useTRPC();
  const noRetry = { staleTime: 0, retry: (n: number, e: Parameters<typeof isForbidden>[0]) => !isForbidden(e) && !isNotFound(e) && n < 1 };
  const { data, error, isPending, refetch, isRefetching } = useQuery(trpc.agencyClients.get.queryOptions({ client_id: clientId }, noRetry));
  const overview = useQuery(trpc.agencyClients.overview.queryOptions(undefined, noRetry));
  const state = useQuery(trpc.lifecycle.clientState.queryOptions({ client_id: clientId }, noRetry));
  const [created, setCreated] = useState(() => peekCreatedInvitation(clientId));
  useEffect(() => () => forgetCreatedInvitation(clientId), [clientId]);

  if (isPending) {
    return (
      <>
        <BackToClients />
        <DetailSkeleton />
      </>
    );
  }
  if (error) {
    return (
      <>
        <BackToClients />
        {isForbidden(error) ? (
          <AgencyOnlyState />
        ) : isNotFound(error) ? (
          <EmptyState
            title="Client not found"
            description="There is no client workspace with this address in your agency."
            action={
              <Link href="/clients" className={buttonClasses({ variant: "secondary" })}>
                Back to clients
              </Link>
            }
          />
        ) : (
          <ErrorAlert title="Couldn't load this client." message={error.message} onRetry={() => void refetch()} retrying={isRefetching} />
        )}
      </>
    );
  }

  const client = data.client;
  const archived = Boolean(state.data?.archived_at);
  const lowNow = overview.data?.clients.find((c) => c.id === client.id)?.low_credits ?? false;
  return (
    <div className="space-y-6">
      <div>
        <BackToClients />
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2.5">
              <h1 className="truncate text-xl font-semibold tracking-tight text-gray-900">{client.name}</h1>
              <span data-testid="client-status">
                <StatusBadge client={client} />
              </span>
              {archived ? <Badge>Archived</Badge> : null}
              {lowNow ? <Badge tone="amber">Low credits</Badge> : null}
            </div>
            <p className="mt-1 text-sm text-gray-500">
              {client.external_reference ? (
                <>
                  Ref. <span className="font-mono break-all text-gray-700">{client.external_reference}</span> ·{" "}
                </>
              ) : null}
              Created <time dateTime={client.created_at}>{formatDate(client.created_at)}</time>
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {archived ? null : (
              <>
                <ViewAsClientButton clientId={client.id} />
                <StatusActions client={client} />
              </>
            )}
          </div>
        </div>
      </div>
      {created ? <InvitationLinkPanel invitation={created} clientId={client.id} onDismiss={() => setCreated(null)} /> : null}
      {archived ? null : <StatusNote client={client} />}
      <CreditPanel client={client} actions={<CreditActions client={client} />} />
      {archived ? null : <SubscriptionPanel clientId={client.id} clientName={client.name} />}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <AgentsSection client={client} />
        <InvitationsSection clientId={client.id} />
      </div>
      {overview.data ? (
        <LimitsEditor key={client.id} client={client} included={overview.data.agency.included_integrations} />
      ) : overview.error ? (
        <ErrorAlert title="Couldn't load your plan's integrations." message={overview.error.message} onRetry={() => void overview.refetch()} />
      ) : (
        <Skeleton className="h-64" />
      )}
      {state.data ? (
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
          <LowCreditAlertCard clientId={client.id} threshold={state.data.low_credit_threshold} lowNow={lowNow} />
          <AutoTopupCard
            key={JSON.stringify(state.data.auto_topup)}
            clientId={client.id}
            rule={state.data.auto_topup}
            hasBudget={client.limits.messages !== null && client.limits.messages >= 1}
          />
          <ClientRetentionCard clientId={client.id} days={client.data_retention_days} />
          <ArchiveDeleteCard client={{ id: client.id, name: client.name, archived_at: state.data.archived_at }} />
        </div>
      ) : state.error ? (
        <ErrorAlert title="Couldn't load the archive and alert settings." message={state.error.message} onRetry={() => void state.refetch()} />
      ) : (
        <Skeleton className="h-40" />
      )}
      {archived ? null : <ClientReportSection clientId={client.id} createdAt={client.created_at} />}
      <section aria-labelledby="ledger-heading" className="space-y-3">
        <h2 id="ledger-heading" className="text-sm font-semibold text-gray-900">
          Credit ledger
        </h2>
        <LedgerTable clientId={client.id} />
      </section>
    </div>
  );
}
