import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { formatDate, formatDateTime } from "@/components/lib/format";
import { formatNumber, isExhausted, isStopped, nextRenewal, stateName, standingOfClient, topupsFrozen } from "@/components/clients/format";
import type { Client } from "@/components/clients/types";
import { UsageBar } from "@/components/clients/usage-bar";

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-gray-500">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium text-gray-900">{children}</dd>
    </div>
  );
}

function remainingNote(client: Client): string {
  switch (standingOfClient(client)) {
    case "stopped":
      return `${stateName(client)}: the agents serve nothing until the workspace is resumed.`;
    case "allowance-only":
      return `${stateName(client)}: only the rest of the monthly allowance can be used; top-ups are frozen.`;
    case "active":
      return client.limits.messages === null ? "No client limit: drawn from your agency pool." : "Monthly allowance left plus top-up credits, capped by your agency pool.";
  }
}

/** Messages remaining, this month's use, the top-up bucket and the credit period. */
export function CreditPanel({ client, actions }: { client: Client; actions: ReactNode }) {
  const limit = client.limits.messages;
  const exhausted = isExhausted(client);
  const renewal = client.credits_reset_at && client.status === "active" ? nextRenewal(client.credits_reset_at) : null;
  return (
    <Card className="p-5" data-testid="credit-panel">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 className="text-sm font-semibold text-gray-900">Message credits</h2>
          <div className="mt-2 flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <p className="text-4xl font-semibold tracking-tight text-gray-900 tabular-nums" data-testid="messages-remaining" aria-describedby="remaining-label">
              {formatNumber(client.messages_remaining)}
            </p>
            <span id="remaining-label" className="text-sm text-gray-500">
              messages remaining
            </span>
            {exhausted ? (
              <Badge tone="red" title={client.credits_exhausted_at ? `Since ${formatDateTime(client.credits_exhausted_at)}` : undefined}>
                Exhausted
              </Badge>
            ) : null}
            {isStopped(client) ? <Badge tone="amber">Not serving</Badge> : null}
          </div>
          <p className="mt-1 text-xs text-gray-500">{remainingNote(client)}</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>
      </div>
      <div className="mt-5 border-t border-gray-100 pt-4">
        {limit !== null ? (
          <>
            <div className="mb-1.5 flex justify-between text-xs text-gray-600">
              <span>Used this month</span>
              <span className="tabular-nums">
                {formatNumber(client.usage.messages)} of {formatNumber(limit)}
              </span>
            </div>
            <UsageBar used={client.usage.messages} total={limit} label="Monthly messages used" className="h-2" />
          </>
        ) : (
          <p className="text-xs text-gray-600">
            <span className="font-medium text-gray-900 tabular-nums">{formatNumber(client.usage.messages)}</span> messages used, drawn from your agency
            pool (no client-level limit).
          </p>
        )}
        <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Stat label="Top-up bucket">
            <span className="tabular-nums" data-testid="topup-remaining">
              {formatNumber(client.topup_credits_remaining)}
            </span>
            {topupsFrozen(client) && client.topup_credits_remaining > 0 ? <span className="ml-1 text-xs font-normal text-gray-500">(frozen)</span> : null}
          </Stat>
          <Stat label="Monthly limit">{limit === null ? "None (agency pool)" : formatNumber(limit)}</Stat>
          <Stat label="Credits last reset">
            {client.credits_reset_at ? <time dateTime={client.credits_reset_at}>{formatDate(client.credits_reset_at)}</time> : "—"}
          </Stat>
          <Stat label="Next renewal">
            {renewal ? (
              <time dateTime={renewal.toISOString()}>{formatDate(renewal.toISOString())}</time>
            ) : limit === null ? (
              "—"
            ) : (
              <span className="font-normal text-gray-500">Skipped while {client.status}</span>
            )}
          </Stat>
        </dl>
      </div>
    </Card>
  );
}
