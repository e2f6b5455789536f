"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { AuditEntries } from "@/components/audit/audit-entries";
import { formatDateTime } from "@/components/lib/format";
import { ErrorAlert, FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Loading, SkeletonRows } from "@/components/ui/skeleton";
import { useTRPC } from "@/trpc/react";

const PER_PAGE = 25;
const MODES = [
  { value: "open", label: "Open", description: "The agency may read this workspace's conversations; every visit is in the log below." },
  { value: "ask_first", label: "Ask first", description: "The agency asks before reading conversations; an admin here grants access for 24 hours." },
] as const;

/** `/team/{id}/access-log`: what the agency's owner viewed and changed in a client workspace, and whether they must ask first (record 125). */
export function AccessLog({ teamId, teamName }: { teamId: string; teamName: string }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const log = useQuery(trpc.accessLog.log.queryOptions({ team_id: teamId, page, per_page: PER_PAGE }, { staleTime: 0 }));
  return (
    <div className="space-y-6">
      <PageHeader title={`Access log · ${teamName}`} description="What the owner of your agency viewed and changed in this workspace, newest first." />
      <AgencyAccessCard teamId={teamId} />
      <section aria-labelledby="access-log-entries" className="space-y-3">
        <h2 id="access-log-entries" className="text-base font-semibold text-gray-900">
          The agency&apos;s visits and changes
        </h2>
        {log.isPending ? (
          <Loading label="Loading the access log…" className="space-y-2">
            <SkeletonRows count={3} className="h-10" />
          </Loading>
        ) : log.error ? (
          <ErrorAlert title="Couldn't load the access log." message={log.error.message} onRetry={() => void log.refetch()} retrying={log.isRefetching} />
        ) : log.data.data.length === 0 ? (
          <EmptyState title="No visits yet" description="When the agency's owner opens this workspace's conversations or contacts, or changes its settings, it shows here." />
        ) : (
          <AuditEntries entries={log.data.data} total={log.data.total} page={page} perPage={PER_PAGE} onPage={setPage} />
        )}
      </section>
    </div>
  );
}

/** The workspace's `agency_access` and the agency's requests: set and decided by the workspace's own admins only. */
function AgencyAccessCard({ teamId }: { teamId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const state = useQuery(trpc.accessLog.state.queryOptions({ team_id: teamId }, { staleTime: 0 }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.accessLog.pathKey() });
  const setMode = useMutation(trpc.accessLog.setMode.mutationOptions({ onSuccess: refresh }));
  const decide = useMutation(trpc.accessLog.decide.mutationOptions({ onSuccess: refresh }));
  if (!state.data) return state.error ? <ErrorAlert title="Couldn't load the agency's access." message={state.error.message} /> : null;
  const { agency_access, requests, can_decide } = state.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Agency access to conversations</CardTitle>
      </CardHeader>
      <CardBody className="space-y-4">
        <fieldset disabled={!can_decide || setMode.isPending} className="space-y-2">
          <legend className="text-sm text-gray-700">{can_decide ? "Choose what your agency may do." : "Only this workspace's own admins change this."}</legend>
          {MODES.map((mode) => (
            <label key={mode.value} className="flex items-start gap-3 text-sm">
              <input
                type="radio"
                name="agency-access"
                value={mode.value}
                checked={agency_access === mode.value}
                onChange={() => setMode.mutate({ team_id: teamId, agency_access: mode.value })}
                className="mt-0.5 size-4 accent-indigo-600"
              />
              <span>
                <span className="font-medium text-gray-800">{mode.label}</span>
                <span className="block text-xs text-gray-600">{mode.description}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <FormError message={setMode.error?.message ?? decide.error?.message} />
        {requests.length ? (
          <ul aria-label="Access requests" className="divide-y divide-gray-200 rounded-lg border border-gray-200">
            {requests.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
                <span>
                  {r.requested_by.name} asked on <time dateTime={r.created_at}>{formatDateTime(r.created_at)}</time> ·{" "}
                  {r.status === "pending" ? "waiting for you" : r.active ? `granted until ${formatDateTime(r.expires_at!)}` : r.status === "approved" ? "grant expired" : "declined"}
                </span>
                {r.status === "pending" && can_decide ? (
                  <span className="flex gap-2">
                    <Button size="sm" disabled={decide.isPending} onClick={() => decide.mutate({ team_id: teamId, request_id: r.id, approve: true })}>
                      Grant for 24 hours
                    </Button>
                    <Button size="sm" variant="secondary" disabled={decide.isPending} onClick={() => decide.mutate({ team_id: teamId, request_id: r.id, approve: false })}>
                      Decline
                    </Button>
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </CardBody>
    </Card>
  );
}
