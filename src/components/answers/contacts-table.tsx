"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { formatDate } from "@/components/lib/format";
import { useTRPC } from "@/trpc/react";
import { contactsCsv } from "./contacts-csv";
import { ContactActions, useContactErasure } from "@/components/privacy/contact-actions";
import { ContactSearch } from "@/components/privacy/contact-search";

const PER_PAGE = 25;

/**
 * The chatbot's leads a page at a time, with a CSV export of all of them read
 * when asked for (roles that may view contacts only): the page costs the same
 * whatever the number of contacts (docs/decisions/067-reads-flat-with-volume.md).
 */
export function ContactsTable({ chatbotId }: { chatbotId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const query = useQuery(trpc.conversations.contacts.queryOptions({ chatbot_id: chatbotId, page, per_page: PER_PAGE }, { retry: false }));
  // HubSpot (docs/decisions/077-hubspot-crm.md): each lead's sync, while the workspace is connected; refreshed as the queue works.
  const hubspot = useQuery(trpc.crm.hubspot.queryOptions({ chatbot_id: chatbotId }, { retry: false }));
  const contactIds = query.data?.data.map((c) => c.id) ?? [];
  const showSync = Boolean(hubspot.data?.connected) && contactIds.length > 0;
  const syncs = useQuery(trpc.crm.leadSyncs.queryOptions({ chatbot_id: chatbotId, contact_ids: contactIds }, { enabled: showSync, retry: false, refetchInterval: 5_000 }));
  // A person's data on request (record 124): export and erase per contact, and the search across the workspace.
  const erasure = useContactErasure();
  const search = <ContactSearch chatbotId={chatbotId} onErase={erasure.ask} />;
  if (query.isPending) return <Skeleton className="h-40" />;
  if (query.error) return <ErrorAlert title="Couldn't load the contacts." message={query.error.message} />;
  const contacts = query.data.data;
  const download = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const all = await queryClient.fetchQuery(trpc.conversations.allContacts.queryOptions({ chatbot_id: chatbotId }, { retry: false }));
      const url = URL.createObjectURL(new Blob([contactsCsv(all.data)], { type: "text/csv;charset=utf-8" }));
      const a = Object.assign(document.createElement("a"), { href: url, download: "contacts.csv" });
      a.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      setExportError(error instanceof Error ? error.message : "The export failed.");
    } finally {
      setExporting(false);
    }
  };
  if (!contacts.length && page === 1) {
    return (
      <div className="space-y-3">
        {search}
        {erasure.dialog}
        <EmptyState title="No contacts yet" description="Visitors who share an e-mail address or phone number in a chat appear here." />
      </div>
    );
  }
  const pages = Math.max(1, Math.ceil(query.data.total / query.data.per_page));
  return (
    <div className="space-y-3">
      {search}
      {erasure.dialog}
      <div className="flex justify-end">
        <Button variant="secondary" onClick={download} disabled={exporting}>
          {exporting ? "Exporting…" : "Export CSV"}
        </Button>
      </div>
      {exportError ? <ErrorAlert title="Couldn't export the contacts." message={exportError} /> : null}
      <div className="overflow-x-auto">
        <Table aria-label="Contacts">
          <THead>
            <TR>
              <TH>Name</TH>
              <TH>E-mail</TH>
              <TH>Phone</TH>
              <TH>Captured</TH>
              {showSync ? <TH>HubSpot</TH> : null}
              <TH>
                <span className="sr-only">Requests</span>
              </TH>
            </TR>
          </THead>
          <TBody>
            {contacts.map((c) => (
              <TR key={c.id}>
                <TD>{[c.first_name, c.last_name].filter(Boolean).join(" ") || "—"}</TD>
                <TD className="break-all">{c.email || "—"}</TD>
                <TD>{c.phone ?? "—"}</TD>
                <TD>
                  <time dateTime={c.created_at}>{formatDate(c.created_at)}</time>
                </TD>
                {showSync ? (
                  <TD data-testid="contact-crm-sync">
                    <CrmSyncState sync={syncs.data?.[c.id]} />
                  </TD>
                ) : null}
                <TD>
                  <ContactActions contact={{ ...c, chatbot_id: chatbotId }} onErase={erasure.ask} />
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </div>
      {pages > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-between text-sm">
          <button type="button" className="text-indigo-700 disabled:text-gray-400" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span className="text-gray-500">
            Page {page} of {pages}
          </span>
          <button type="button" className="text-indigo-700 disabled:text-gray-400" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      ) : null}
    </div>
  );
}

const SYNC_LABELS: Record<string, string> = { pending: "Queued", retrying: "Retrying", synced: "In HubSpot", failed: "Failed", stopped: "Not sent" };

/** One lead's HubSpot sync: its state, and why it failed or was not sent. */
function CrmSyncState({ sync }: { sync: { status: string; error: string | null } | undefined }) {
  if (!sync) return <span className="text-gray-500">—</span>;
  const tone = sync.status === "synced" ? "text-emerald-700" : sync.status === "failed" ? "text-red-700" : "text-gray-700";
  return (
    <span className={tone}>
      {SYNC_LABELS[sync.status] ?? sync.status}
      {sync.error ? <span className="block text-xs text-gray-600">{sync.error}</span> : null}
    </span>
  );
}
