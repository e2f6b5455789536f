"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { ErrorAlert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { formatDate } from "@/components/lib/format";
import { useTRPC } from "@/trpc/react";

const NOTIFICATION = {
  sent: { tone: "green", label: "E-mail sent" },
  pending: { tone: "neutral", label: "E-mail queued" },
  not_sent: { tone: "red", label: "E-mail not sent" },
  disabled: { tone: "neutral", label: "No e-mail (notifications off)" },
} as const;

/** Escalations with the state of their e-mail notification. */
export function EscalationsList({ chatbotId }: { chatbotId: string }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.conversations.escalations.queryOptions({ chatbot_id: chatbotId }, { refetchInterval: (q) => (q.state.data?.some((e) => e.notification_status === "pending") ? 3000 : false) }));
  if (query.isPending) return <Skeleton className="h-40" />;
  if (query.error) return <ErrorAlert title="Couldn't load the escalations." message={query.error.message} />;
  if (!query.data.length) return <EmptyState title="No escalations" description="When escalations are on, visitors who ask for a person (or keep getting no answer) appear here." />;
  return (
    <div className="overflow-x-auto">
      <Table aria-label="Escalations">
        <THead>
          <TR>
            <TH>When</TH>
            <TH>Why</TH>
            <TH>Message</TH>
            <TH>Notification</TH>
          </TR>
        </THead>
        <TBody>
          {query.data.map((e) => {
            const state = NOTIFICATION[e.notification_status as keyof typeof NOTIFICATION] ?? NOTIFICATION.disabled;
            return (
              <TR key={e.id}>
                <TD>
                  <Link className="text-indigo-700 underline" href={`/chatbots/${chatbotId}/inbox?conversation=${e.conversation_id}`}>
                    <time dateTime={e.created_at}>{formatDate(e.created_at)}</time>
                  </Link>
                </TD>
                <TD>{e.reason === "requested_human" ? "Asked for a person" : "Unanswered questions"}</TD>
                <TD className="max-w-xs break-words">{e.message}</TD>
                <TD>
                  <Badge tone={state.tone}>{state.label}</Badge>
                  {e.notification_error ? <p className="mt-1 text-xs text-red-700">{e.notification_error}</p> : null}
                </TD>
              </TR>
            );
          })}
        </TBody>
      </Table>
    </div>
  );
}
