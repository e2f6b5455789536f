"use client";

import Link from "next/link";
import { AUDIT_ACTIONS } from "@/server/audit/client";
import { formatDateTime } from "@/components/lib/format";
import type { RouterOutputs } from "@/components/lib/trpc-types";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";

type Entry = RouterOutputs["audit"]["list"]["data"][number];

/** A change in words: `field: before → after` for each field that changed. */
function changeText(entry: Entry): string {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  const show = (v: unknown) =>
    v === null || v === undefined ? "none" : typeof v === "number" ? v.toLocaleString("en-US") : typeof v === "object" ? JSON.stringify(v) : String(v);
  return keys
    .map((k) => {
      const before = entry.before && k in entry.before ? show(entry.before[k]) : null;
      const after = entry.after && k in entry.after ? show(entry.after[k]) : null;
      return `${k.replace(/_/g, " ")}: ${before !== null && after !== null ? `${before} → ${after}` : (after ?? `was ${before}`)}`;
    })
    .join("; ");
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

function Target({ entry, linkClients }: { entry: Entry; linkClients: boolean }) {
  const name = entry.target.name ?? entry.target.id ?? "—";
  if (linkClients && entry.target.type === "client" && entry.target.id && entry.action !== "client.deleted") {
    return (
      <Link href={`/clients/${entry.target.id}`} className="break-all text-indigo-700 underline-offset-2 hover:underline">
        {name}
      </Link>
    );
  }
  return (
    <span className="break-all">
      <span className="text-gray-600">{entry.target.type.replace(/_/g, " ")}:</span> {name}
    </span>
  );
}

/**
 * Audit entries as a table, newest first, with the pager: the agency's audit log and a client's Access log.
 * `linkClients`: a client named as the target links to its page (the agency's view).
 */
export function AuditEntries({ entries, total, page, perPage, onPage, linkClients = false }: { entries: Entry[]; total: number; page: number; perPage: number; onPage: (page: number) => void; linkClients?: boolean }) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <>
      <Table aria-label="Audit log entries">
        <THead>
          <TR>
            <TH>When</TH>
            <TH>What</TH>
            <TH>Who</TH>
            <TH>On</TH>
            <TH>Change</TH>
          </TR>
        </THead>
        <TBody>
          {entries.map((entry) => (
            <TR key={entry.id} data-testid="audit-entry">
              <TD className="whitespace-nowrap text-gray-700">
                <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
              </TD>
              <TD>
                <Badge>{AUDIT_ACTIONS[entry.action]}</Badge>
              </TD>
              <TD>
                <Who entry={entry} />
              </TD>
              <TD className="max-w-60">
                <Target entry={entry} linkClients={linkClients} />
              </TD>
              <TD className="max-w-96 text-xs break-words text-gray-700">{changeText(entry) || "—"}</TD>
            </TR>
          ))}
        </TBody>
      </Table>
      <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm text-gray-700">
        <p>
          {total.toLocaleString("en-US")} {total === 1 ? "entry" : "entries"} · page {page} of {pages}
        </p>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Newer
          </Button>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Older
          </Button>
        </div>
      </nav>
    </>
  );
}
