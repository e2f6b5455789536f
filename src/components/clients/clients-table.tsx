"use client";

import { useId, useMemo, useState } from "react";
import { cn } from "@/components/lib/cn";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Table, TBody, TH, THead, TR } from "@/components/ui/table";
import { ClientRow } from "@/components/clients/client-row";
import type { ClientStatus, OverviewClient } from "@/components/clients/types";

type Filter = "all" | ClientStatus | "archived";
const FILTERS: Array<{ value: Filter; label: string }> = [
  { value: "all", label: "All" },
  { value: "active", label: "Active" },
  { value: "paused", label: "Paused" },
  { value: "suspended", label: "Suspended" },
  { value: "archived", label: "Archived" },
];

function matches(client: OverviewClient, query: string, filter: Filter) {
  // Archived clients are hidden unless asked for (docs/decisions/034-client-lifecycle.md).
  if ((filter === "archived") !== client.archived) return false;
  if (filter !== "all" && filter !== "archived" && client.status !== filter) return false;
  if (!query) return true;
  const q = query.toLocaleLowerCase();
  return client.name.toLocaleLowerCase().includes(q) || (client.external_reference ?? "").toLocaleLowerCase().includes(q);
}

/** Every client workspace, filtered in the browser by name / external reference and status. */
export function ClientsTable({ clients }: { clients: OverviewClient[] }) {
  const [query, setQuery] = useState("");
  const [filter, setFilter] = useState<Filter>("all");
  const searchId = useId();
  // Clients needing attention first (the server's order, newest first, within each group).
  const visible = useMemo(
    () => clients.filter((c) => matches(c, query.trim(), filter)).sort((a, b) => Number(b.attention.length > 0) - Number(a.attention.length > 0)),
    [clients, query, filter],
  );
  const counts = useMemo(() => {
    const by: Record<Filter, number> = { all: 0, active: 0, paused: 0, suspended: 0, archived: 0 };
    for (const c of clients) {
      if (c.archived) by.archived += 1;
      else {
        by.all += 1;
        by[c.status] += 1;
      }
    }
    return by;
  }, [clients]);

  return (
    <section aria-labelledby="clients-table-heading" className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="clients-table-heading" className="text-sm font-semibold text-gray-900">
          Client workspaces
        </h2>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="space-y-1 sm:w-64">
            <Label htmlFor={searchId} className="sr-only">
              Search clients
            </Label>
            <Input id={searchId} type="search" placeholder="Search name or reference" value={query} onChange={(e) => setQuery(e.target.value)} />
          </div>
          <div role="group" aria-label="Filter by status" className="inline-flex max-w-full flex-wrap self-start rounded-md border border-gray-300 bg-white p-0.5 shadow-sm">
            {FILTERS.map(({ value, label }) => (
              <button
                key={value}
                type="button"
                aria-pressed={filter === value}
                onClick={() => setFilter(value)}
                className={cn(
                  "cursor-pointer rounded px-2.5 py-1 text-xs font-medium whitespace-nowrap",
                  filter === value ? "bg-indigo-600 text-white" : "text-gray-700 hover:bg-gray-100",
                )}
              >
                {label} <span className={filter === value ? "text-indigo-100" : "text-gray-500"}>{counts[value]}</span>
              </button>
            ))}
          </div>
        </div>
      </div>
      <Table aria-label="Client workspaces">
        <THead>
          <TR>
            <TH>Name</TH>
            <TH>Status</TH>
            <TH>Usage</TH>
            <TH>Remaining</TH>
            <TH>Runway</TH>
            <TH>Conversations</TH>
            <TH>Agents</TH>
            {/* On the client's page too: the table fits 1280 px without it. */}
            <TH className="max-2xl:hidden">Created</TH>
          </TR>
        </THead>
        <TBody>
          {visible.map((client) => (
            <ClientRow key={client.id} client={client} />
          ))}
          {visible.length === 0 ? (
            <TR>
              <td colSpan={8} className="px-4 py-8 text-center text-sm text-gray-500">
                No clients match {query.trim() ? <>&ldquo;{query.trim()}&rdquo;</> : "this filter"}.
              </td>
            </TR>
          ) : null}
        </TBody>
      </Table>
      <p className="sr-only" role="status">
        {visible.length} of {clients.length} clients shown
      </p>
    </section>
  );
}
