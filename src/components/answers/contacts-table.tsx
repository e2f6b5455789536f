"use client";

import { useQuery } from "@tanstack/react-query";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { formatDate } from "@/components/lib/format";
import { useTRPC } from "@/trpc/react";
import { contactsCsv } from "./contacts-csv";

/** The chatbot's leads, with a CSV export (roles that may view contacts only). */
export function ContactsTable({ chatbotId }: { chatbotId: string }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.conversations.allContacts.queryOptions({ chatbot_id: chatbotId }, { retry: false }));
  if (query.isPending) return <Skeleton className="h-40" />;
  if (query.error) return <ErrorAlert title="Couldn't load the contacts." message={query.error.message} />;
  const contacts = query.data.data;
  const download = () => {
    const url = URL.createObjectURL(new Blob([contactsCsv(contacts)], { type: "text/csv;charset=utf-8" }));
    const a = Object.assign(document.createElement("a"), { href: url, download: "contacts.csv" });
    a.click();
    URL.revokeObjectURL(url);
  };
  if (!contacts.length) return <EmptyState title="No contacts yet" description="Visitors who share an e-mail address or phone number in a chat appear here." />;
  return (
    <div className="space-y-3">
      <div className="flex justify-end">
        <Button variant="secondary" onClick={download}>
          Export CSV
        </Button>
      </div>
      <div className="overflow-x-auto">
        <Table aria-label="Contacts">
          <THead>
            <TR>
              <TH>Name</TH>
              <TH>E-mail</TH>
              <TH>Phone</TH>
              <TH>Captured</TH>
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
              </TR>
            ))}
          </TBody>
        </Table>
      </div>
    </div>
  );
}
