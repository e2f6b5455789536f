"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { AUDIT_ACTIONS, AUDIT_ACTION_NAMES, type AuditAction, type AuditActorType } from "@/server/audit/client";
import { AuditIcon } from "@/components/icons";
import type { RouterInputs } from "@/components/lib/trpc-types";
import { AuditEntries } from "@/components/audit/audit-entries";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PageHeader } from "@/components/ui/page-header";
import { Select } from "@/components/ui/select";
import { Loading, SkeletonRows } from "@/components/ui/skeleton";
import { useTRPC } from "@/trpc/react";

type Filter = Omit<RouterInputs["audit"]["list"], "page" | "per_page">;
const PER_PAGE = 25;
const ACTOR_LABELS: Record<AuditActorType, string> = { user: "A person (dashboard)", api_token: "An API token", system: "The platform (automatic)" };

async function download(csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `audit-log-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

/** `/audit-log`: who did what and when in the agency, filtered, 25 at a time, and as CSV. */
export function AuditLog() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState(1);
  const [csvState, setCsvState] = useState<{ pending: boolean; error: string | null; note: string | null }>({ pending: false, error: null, note: null });
  const query = useQuery(trpc.audit.list.queryOptions({ ...filter, page, per_page: PER_PAGE }, { staleTime: 0 }));
  const clients = useQuery(trpc.agencyClients.overview.queryOptions());
  const change = (patch: Partial<Filter>) => {
    setPage(1);
    setFilter((f) => Object.fromEntries(Object.entries({ ...f, ...patch }).filter(([, v]) => v !== "" && v !== undefined)) as Filter);
  };
  const exportCsv = async () => {
    setCsvState({ pending: true, error: null, note: null });
    try {
      const result = await queryClient.fetchQuery(trpc.audit.csv.queryOptions(filter, { staleTime: 0 }));
      await download(result.csv);
      setCsvState({ pending: false, error: null, note: result.truncated ? `Downloaded the newest ${result.rows.toLocaleString("en-US")} entries: narrow the filters for older ones.` : null });
    } catch (error) {
      setCsvState({ pending: false, error: (error as Error).message, note: null });
    }
  };
  const total = query.data?.total ?? 0;

  return (
    <div className="space-y-5">
      <PageHeader
        title="Audit log"
        description="Who did what and when: pauses, top-ups, limit changes, keys and tokens, webhooks, roles and invitations, by a person, an API token or the platform."
        actions={
          <Button variant="secondary" onClick={() => void exportCsv()} disabled={csvState.pending} aria-busy={csvState.pending || undefined}>
            Download CSV
          </Button>
        }
      />
      {csvState.error ? <ErrorAlert title="Couldn't prepare the CSV." message={csvState.error} /> : null}
      {csvState.note ? (
        <p role="status" className="text-sm text-gray-700">
          {csvState.note}
        </p>
      ) : null}
      <form aria-label="Filters" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" onSubmit={(e) => e.preventDefault()}>
        <div className="space-y-1.5">
          <Label htmlFor="audit-action">What</Label>
          <Select id="audit-action" value={filter.action ?? ""} onChange={(e) => change({ action: (e.target.value || undefined) as AuditAction | undefined })}>
            <option value="">Everything</option>
            {AUDIT_ACTION_NAMES.map((a) => (
              <option key={a} value={a}>
                {AUDIT_ACTIONS[a]}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="audit-client">Client</Label>
          <Select id="audit-client" value={filter.client_id ?? ""} onChange={(e) => change({ client_id: e.target.value || undefined })}>
            <option value="">All clients</option>
            {(clients.data?.clients ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="audit-actor">Who</Label>
          <Select id="audit-actor" value={filter.actor_type ?? ""} onChange={(e) => change({ actor_type: (e.target.value || undefined) as AuditActorType | undefined })}>
            <option value="">Anyone</option>
            {(Object.keys(ACTOR_LABELS) as AuditActorType[]).map((t) => (
              <option key={t} value={t}>
                {ACTOR_LABELS[t]}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="audit-from">From</Label>
          <Input id="audit-from" type="date" value={filter.from ?? ""} onChange={(e) => change({ from: e.target.value || undefined })} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="audit-to">To</Label>
          <Input id="audit-to" type="date" value={filter.to ?? ""} onChange={(e) => change({ to: e.target.value || undefined })} />
        </div>
      </form>
      {query.isPending ? (
        <Loading label="Loading the audit log…" className="space-y-2">
          <SkeletonRows count={3} className="h-10" />
        </Loading>
      ) : query.error ? (
        <ErrorAlert title="Couldn't load the audit log." message={query.error.message} onRetry={() => void query.refetch()} retrying={query.isRefetching} />
      ) : query.data.data.length === 0 ? (
        <EmptyState
          icon={<AuditIcon className="size-5" />}
          title={Object.keys(filter).length ? "Nothing matches these filters" : "Nothing recorded yet"}
          description="Pauses, top-ups, limit changes, tokens, keys, webhooks and role changes show up here as they happen."
        />
      ) : (
        <AuditEntries entries={query.data.data} total={total} page={page} perPage={PER_PAGE} onPage={setPage} linkClients />
      )}
    </div>
  );
}
