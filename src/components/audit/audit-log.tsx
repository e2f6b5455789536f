"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { AUDIT_ACTIONS, AUDIT_ACTION_NAMES, type AuditAction, type AuditActorType } from "@/server/audit/client";
import { changeLine, changeValue, fieldChanges } from "@/components/audit/change-summary";
import { AuditIcon } from "@/components/icons";
import { formatDateTime } from "@/components/lib/format";
import type { RouterInputs, RouterOutputs } from "@/components/lib/trpc-types";
import { ErrorAlert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PageHeader } from "@/components/ui/page-header";
import { Select } from "@/components/ui/select";
import { Loading, SkeletonRows } from "@/components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { useTRPC } from "@/trpc/react";

type Entry = RouterOutputs["audit"]["list"]["data"][number];
type Filter = Omit<RouterInputs["audit"]["list"], "page" | "per_page">;
const PER_PAGE = 25;
const ACTOR_LABELS: Record<AuditActorType, string> = { user: "A person (dashboard)", api_token: "An API token", system: "The platform (automatic)" };

/** The first changes on their lines; all of them, values in full, behind "Details" when there are more or one is long. */
const SHOWN_CHANGES = 2;
const SHORT_VALUE = 60;

function Change({ entry }: { entry: Entry }) {
  const changes = fieldChanges(entry);
  if (!changes.length) return <span className="text-gray-500">—</span>;
  const lines = changes.map(changeLine);
  const short = (line: string) => (line.length > SHORT_VALUE ? `${line.slice(0, SHORT_VALUE - 1)}…` : line);
  const complete = lines.length <= SHOWN_CHANGES && lines.every((line) => line.length <= SHORT_VALUE);
  return (
    <div className="space-y-0.5">
      {lines.slice(0, SHOWN_CHANGES).map((line, i) => (
        <p key={i}>{short(line)}</p>
      ))}
      {complete ? null : (
        <details className="text-gray-700">
          <summary className="cursor-pointer font-medium text-indigo-700">{lines.length > SHOWN_CHANGES ? `All ${lines.length} changes` : "In full"}</summary>
          <dl className="mt-1 space-y-1">
            {changes.map((c, i) => (
              <div key={i}>
                <dt className="font-medium text-gray-900">{c.field}</dt>
                <dd className="[overflow-wrap:anywhere]">{changeValue(c)}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </div>
  );
}

function Who({ entry }: { entry: Entry }) {
  if (entry.actor.type === "system") return <span className="text-gray-600">{entry.actor.name}</span>;
  return (
    <span>
      {entry.actor.name}
      {entry.actor.type === "api_token" ? <span className="text-gray-600"> (API token)</span> : null}
    </span>
  );
}

function Target({ entry }: { entry: Entry }) {
  const name = entry.target.name ?? entry.target.id ?? "—";
  if (entry.target.type === "client" && entry.target.id && entry.action !== "client.deleted") {
    return (
      <Link href={`/clients/${entry.target.id}`} className="break-words text-indigo-700 underline-offset-2 hover:underline">
        {name}
      </Link>
    );
  }
  return (
    <span className="[overflow-wrap:anywhere]">
      <span className="text-gray-600">{entry.target.type.replace(/_/g, " ")}:</span> {name}
    </span>
  );
}

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
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));

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
        <>
          {/* Fixed columns: a long URL or change wraps inside its own column instead of running into the next (`!`: over TD's nowrap). */}
          <Table aria-label="Audit log entries" className="w-full min-w-[52rem] table-fixed">
            <THead>
              <TR>
                <TH className="w-32">When</TH>
                <TH className="w-44">What</TH>
                <TH className="w-36">Who</TH>
                <TH className="w-52">On</TH>
                <TH>Change</TH>
              </TR>
            </THead>
            <TBody>
              {query.data.data.map((entry) => (
                <TR key={entry.id} data-testid="audit-entry" className="align-top">
                  <TD className="whitespace-normal! text-gray-700">
                    <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
                  </TD>
                  <TD className="whitespace-normal!">
                    <Badge>{AUDIT_ACTIONS[entry.action]}</Badge>
                  </TD>
                  <TD className="whitespace-normal! break-words">
                    <Who entry={entry} />
                  </TD>
                  <TD className="whitespace-normal!">
                    <Target entry={entry} />
                  </TD>
                  <TD className="text-xs whitespace-normal! text-gray-700" data-testid="audit-change">
                    <Change entry={entry} />
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
          <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm text-gray-700">
            <p>
              {total.toLocaleString("en-US")} {total === 1 ? "entry" : "entries"} · page {page} of {pages}
            </p>
            <div className="flex gap-2">
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Newer
              </Button>
              <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                Older
              </Button>
            </div>
          </nav>
        </>
      )}
    </div>
  );
}
