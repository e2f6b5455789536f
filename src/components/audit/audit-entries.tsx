"use client";

import Link from "next/link";
import { AUDIT_ACTIONS } from "@/server/audit/client";
import { changeLine, changeValue, fieldChanges } from "@/components/audit/change-summary";
import { formatDateTime } from "@/components/lib/format";
import type { RouterOutputs } from "@/components/lib/trpc-types";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";

type Entry = RouterOutputs["audit"]["list"]["data"][number];

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

function Target({ entry, linkClients }: { entry: Entry; linkClients: boolean }) {
  const name = entry.target.name ?? entry.target.id ?? "—";
  if (linkClients && entry.target.type === "client" && entry.target.id && entry.action !== "client.deleted") {
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

/**
 * Audit entries as a table, newest first, with the pager: the agency's audit log and a client's Access log.
 * `linkClients`: a client named as the target links to its page (the agency's view).
 */
export function AuditEntries({ entries, total, page, perPage, onPage, linkClients = false }: { entries: Entry[]; total: number; page: number; perPage: number; onPage: (page: number) => void; linkClients?: boolean }) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
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
          {entries.map((entry) => (
            <TR key={entry.id} data-testid="audit-entry" className="align-top">
              <TD className="whitespace-normal! text-gray-700">
                <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
              </TD>
              <TD className="whitespace-normal!">
                <Badge className="whitespace-normal!">{AUDIT_ACTIONS[entry.action]}</Badge>
              </TD>
              <TD className="whitespace-normal! break-words">
                <Who entry={entry} />
              </TD>
              <TD className="whitespace-normal!">
                <Target entry={entry} linkClients={linkClients} />
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
