"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useMemo, useState } from "react";
import type { RouterOutputs } from "@/components/lib/trpc-types";
import { formatNumber } from "@/components/clients/format";
import { ErrorAlert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { Loading, SkeletonRows } from "@/components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { useTRPC } from "@/trpc/react";
import { agencyReportCsv } from "./agency-report-csv";
import { MonthPicker } from "./month-picker";
import { lastMonth } from "./period";

type Row = RouterOutputs["reports"]["agency"]["clients"][number];
type Key = "name" | "conversations" | "answered_rate" | "credits_used" | "runway_days" | "unanswered_clusters" | "csat";

const COLUMNS: { key: Key; label: string; numeric: boolean }[] = [
  { key: "name", label: "Client", numeric: false },
  { key: "conversations", label: "Conversations", numeric: true },
  { key: "answered_rate", label: "Answered", numeric: true },
  { key: "credits_used", label: "Credits used", numeric: true },
  { key: "runway_days", label: "Runway", numeric: true },
  { key: "unanswered_clusters", label: "Unanswered groups", numeric: true },
  { key: "csat", label: "CSAT", numeric: true },
];

function compare(a: Row, b: Row, key: Key): number {
  const [x, y] = [a[key], b[key]];
  // No value (no runway, not rated) sorts last.
  if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
  return typeof x === "string" ? x.localeCompare(y as string) : (x as number) - (y as number);
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const a = Object.assign(document.createElement("a"), { href: url, download: name });
  a.click();
  URL.revokeObjectURL(url);
}

/** The agency's own report: every client for a month in one sortable table, flagged, exportable as CSV. */
export function AgencyReport() {
  const trpc = useTRPC();
  const [period, setPeriod] = useState(lastMonth());
  const [sort, setSort] = useState<{ key: Key; dir: 1 | -1 }>({ key: "conversations", dir: -1 });
  const query = useQuery(trpc.reports.agency.queryOptions({ period }, { retry: false }));
  const rows = useMemo(() => [...(query.data?.clients ?? [])].sort((a, b) => compare(a, b, sort.key) * sort.dir || a.name.localeCompare(b.name)), [query.data, sort]);
  const by = (key: Key) => setSort((s) => ({ key, dir: s.key === key ? (-s.dir as 1 | -1) : key === "name" ? 1 : -1 }));
  return (
    <>
      <PageHeader
        title="Agency report"
        description="Every client for a month: what their agents did, how their credits last, and who needs you."
        actions={
          <Button variant="secondary" disabled={!query.data} onClick={() => query.data && download(`agency-report-${query.data.period}.csv`, agencyReportCsv(query.data.period, query.data.clients))}>
            Export CSV
          </Button>
        }
      />
      <div className="mb-4 flex items-end gap-2">
<MonthPicker value={period} onChange={setPeriod} />
      </div>
      {query.isPending ? (
        <Loading label="Loading the agency report…">
          <SkeletonRows count={4} className="h-10" />
        </Loading>
      ) : query.error ? (
        <ErrorAlert title="Couldn't load the agency report." message={query.error.message} />
      ) : (
        <Table aria-label={`Clients in ${query.data.period_label}`}>
          <THead>
            <TR>
              {COLUMNS.map((c) => (
                <TH key={c.key} aria-sort={sort.key === c.key ? (sort.dir === 1 ? "ascending" : "descending") : "none"} className={c.numeric ? "text-right" : undefined}>
                  <button type="button" onClick={() => by(c.key)} className="inline-flex items-center gap-1 uppercase hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-indigo-600">
                    {c.label}
                    <span aria-hidden="true">{sort.key === c.key ? (sort.dir === 1 ? "▲" : "▼") : ""}</span>
                  </button>
                </TH>
              ))}
            </TR>
          </THead>
          <TBody>
            {rows.map((r) => (
              <TR key={r.client_id} data-testid="agency-report-row">
                <TD className="font-medium text-gray-900">
                  <Link href={`/clients/${r.client_id}`} className="hover:underline">
                    {r.name}
                  </Link>
                  {r.flags.answered_rate_fell || r.flags.credits_run_out ? (
                    <div className="mt-1 flex flex-wrap gap-1" data-testid="flags">
                      {r.flags.answered_rate_fell ? <Badge tone="amber">Answered rate fell from {r.previous_answered_rate}%</Badge> : null}
                      {r.flags.credits_run_out ? <Badge tone="red">Credits run out before {r.credit_period_ends_at}</Badge> : null}
                    </div>
                  ) : null}
                </TD>
                <TD className="text-right tabular-nums">{formatNumber(r.conversations)}</TD>
                <TD className="text-right tabular-nums">{r.answered_rate}%</TD>
                <TD className="text-right tabular-nums">{formatNumber(r.credits_used)}</TD>
                <TD className="text-right tabular-nums" data-testid="runway">
                  {r.runway_days === null ? "—" : `${formatNumber(Math.floor(r.runway_days))} days`}
                </TD>
                <TD className="text-right tabular-nums">{formatNumber(r.unanswered_clusters)}</TD>
                <TD className="text-right">{r.csat === null ? "Not rated" : `${r.csat}%`}</TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
    </>
  );
}
