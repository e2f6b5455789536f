"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { formatDateTime, humanize } from "@/components/lib/format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Loading, SkeletonRows } from "@/components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { useTRPC, useTRPCClient } from "@/trpc/react";
import { formatDelta, formatNumber } from "@/components/clients/format";
import { ErrorAlert } from "@/components/ui/alert";
import type { LedgerEntry } from "@/components/clients/types";

const PAGE_SIZE = 25;

const KIND_TONES: Record<string, "neutral" | "indigo" | "green" | "amber"> = {
  charge: "neutral",
  topup: "green",
  auto_topup: "green",
  reset: "indigo",
  renewal: "indigo",
  limit_change: "amber",
};

const KIND_LABELS: Record<string, string> = { topup: "Top-up", auto_topup: "Auto top-up", limit_change: "Limit change" };

function Delta({ value }: { value: number }) {
  return <span className={value === 0 ? "text-gray-500" : "font-medium text-gray-900"}>{formatDelta(value)}</span>;
}

function LedgerRow({ entry }: { entry: LedgerEntry }) {
  return (
    <TR>
      <TD>
        <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
      </TD>
      <TD>
        <Badge tone={KIND_TONES[entry.kind] ?? "neutral"}>{KIND_LABELS[entry.kind] ?? humanize(entry.kind)}</Badge>
      </TD>
      <TD className="text-right tabular-nums">
        <Delta value={entry.used_delta} />
      </TD>
      <TD className="text-right tabular-nums">
        <Delta value={entry.topup_delta} />
      </TD>
      <TD className="text-right tabular-nums">
        <Delta value={entry.debt_delta} />
      </TD>
      <TD className="text-right text-gray-600 tabular-nums">
        {formatNumber(entry.used_after)} / {formatNumber(entry.topup_after)} / {formatNumber(entry.debt_after)}
      </TD>
      <TD className="max-w-56 truncate text-xs text-gray-600" title={entry.reason ?? entry.reference ?? undefined}>
        {entry.reason ? <span>{entry.reason}</span> : <span className="font-mono">{entry.reference ?? "—"}</span>}
      </TD>
    </TR>
  );
}

/** Every credit change of the workspace, newest first, 25 at a time. */
export function LedgerTable({ clientId }: { clientId: string }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  // Under the procedure's path key, so invalidating `agencyClients` refreshes it (all loaded pages, from the first).
  const query = useInfiniteQuery({
    queryKey: [...trpc.agencyClients.ledger.pathKey(), { input: { client_id: clientId }, type: "infinite" }],
    queryFn: ({ pageParam }) => client.agencyClients.ledger.query({ client_id: clientId, limit: PAGE_SIZE, ...(pageParam ? { before: pageParam } : {}) }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_before,
  });

  if (query.isPending) {
    return (
      <Loading label="Loading the credit ledger…" className="space-y-2 rounded-lg border border-gray-200 bg-white p-4">
        <SkeletonRows count={3} className="h-8" />
      </Loading>
    );
  }
  if (query.error) {
    return <ErrorAlert title="Couldn't load the credit ledger." message={query.error.message} onRetry={() => void query.refetch()} retrying={query.isRefetching} />;
  }
  const entries = query.data.pages.flatMap((p) => p.entries);
  if (entries.length === 0) {
    return <p className="rounded-lg border border-dashed border-gray-300 bg-white px-4 py-8 text-center text-sm text-gray-500">No credit changes yet.</p>;
  }
  return (
    <div className="space-y-3">
      <Table aria-label="Credit ledger">
        <THead>
          <TR>
            <TH>Time</TH>
            <TH>Kind</TH>
            <TH className="text-right">Δ Used</TH>
            <TH className="text-right">Δ Top-up</TH>
            <TH className="text-right">Δ Debt</TH>
            <TH className="text-right" title="Monthly used / top-up bucket / debt after the change">
              After (used / top-up / debt)
            </TH>
            <TH>Reason or reference</TH>
          </TR>
        </THead>
        <TBody>
          {entries.map((entry) => (
            <LedgerRow key={entry.id} entry={entry} />
          ))}
        </TBody>
      </Table>
      {query.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} aria-busy={query.isFetchingNextPage || undefined}>
            {query.isFetchingNextPage ? "Loading…" : "Load more"}
          </Button>
        </div>
      ) : null}
      {query.isFetchNextPageError ? <p role="alert" className="text-center text-sm text-red-600">Couldn&apos;t load more entries. Try again.</p> : null}
    </div>
  );
}
