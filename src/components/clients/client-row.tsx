"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import type { MouseEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { TD, TR } from "@/components/ui/table";
import { formatDate } from "@/components/lib/format";
import { formatNumber, formatRunway, runwayExplanation, runwayOf } from "@/components/clients/format";
import { StatusBadge } from "@/components/clients/status-badge";
import type { OverviewClient } from "@/components/clients/types";
import { UsageBar } from "@/components/clients/usage-bar";

function Usage({ client }: { client: OverviewClient }) {
  const limit = client.limits.messages;
  if (limit === null) {
    return (
      <span className="text-gray-600">
        <span className="tabular-nums">{formatNumber(client.usage.messages)}</span> <Badge>pool</Badge>
      </span>
    );
  }
  return (
    <div className="w-32">
      <div className="mb-1 text-xs text-gray-600 tabular-nums">
        {formatNumber(client.usage.messages)} / {formatNumber(limit)}
      </div>
      <UsageBar used={client.usage.messages} total={limit} label={`${client.name} monthly messages used`} />
    </div>
  );
}

function Runway({ client }: { client: OverviewClient }) {
  const runway = runwayOf(client);
  const text = formatRunway(runway);
  if (runway.kind === "exhausted") return <Badge tone="red">{text}</Badge>;
  const low = runway.kind === "days" && runway.days < 7;
  return (
    <span title={runwayExplanation(runway)} className={low ? "font-medium text-amber-700" : "text-gray-700"}>
      {text}
    </span>
  );
}

export function ClientRow({ client }: { client: OverviewClient }) {
  const router = useRouter();
  const href = `/clients/${client.id}`;
  // The whole row opens the client for pointer users; the name link is the keyboard and screen-reader path.
  function onClick(event: MouseEvent<HTMLTableRowElement>) {
    if ((event.target as HTMLElement).closest("a, button")) return;
    router.push(href);
  }
  return (
    <TR className="cursor-pointer hover:bg-gray-50" onClick={onClick} data-client-id={client.id}>
      <TD className="max-w-44">
        <Link href={href} className="block truncate font-medium text-gray-900 hover:text-indigo-700 hover:underline" title={client.name}>
          {client.name}
        </Link>
        {client.external_reference ? <div className="truncate font-mono text-xs text-gray-500">{client.external_reference}</div> : null}
      </TD>
      <TD>
        <span className="flex flex-wrap gap-1">
          <StatusBadge client={client} />
          {client.archived ? <Badge>Archived</Badge> : null}
          {client.low_credits ? (
            <Badge tone="amber" title={`At or below the alert threshold of ${client.low_credit_threshold ?? 0} credits`}>
              Low credits
            </Badge>
          ) : null}
        </span>
      </TD>
      <TD>
        <Usage client={client} />
      </TD>
      <TD>
        <span className="font-medium text-gray-900 tabular-nums">{formatNumber(client.messages_remaining)}</span>
        {client.topup_credits_remaining > 0 ? (
          <div className="text-xs text-gray-500 tabular-nums">Top-up bucket {formatNumber(client.topup_credits_remaining)}</div>
        ) : null}
      </TD>
      <TD>
        <Runway client={client} />
      </TD>
      <TD className="tabular-nums">
        {formatNumber(client.conversations_this_period)}
        <div className="text-xs">
          {client.answered_rate === null ? (
            <span className="text-gray-500">no questions</span>
          ) : (
            <span className={client.answered_rate < 0.7 ? "font-medium text-amber-700" : "text-gray-600"} title={`${formatNumber(client.unanswered_this_period)} unanswered this period`}>
              {Math.round(client.answered_rate * 100)}% answered
            </span>
          )}
        </div>
      </TD>
      <TD className="tabular-nums">{formatNumber(client.usage.chatbots)}</TD>
      <TD className="max-2xl:hidden">
        <time dateTime={client.created_at}>{formatDate(client.created_at)}</time>
      </TD>
    </TR>
  );
}
