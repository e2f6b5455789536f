"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatNumber } from "@/components/clients/format";
import { ErrorAlert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { formatMoney } from "@/server/billing/client";
import { useTRPC } from "@/trpc/react";
import { statusWords } from "./subscription-panel";

const today = () => new Date().toISOString().slice(0, 10);
const monthStart = () => `${today().slice(0, 8)}01`;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The Billing page: MRR, revenue (Stripe's paid invoices), the cost of the messages answered and the margin, per client and in all, over a date range. */
export function BillingSummary() {
  const trpc = useTRPC();
  const [from, setFrom] = useState(monthStart);
  const [to, setTo] = useState(today);
  const summary = useQuery(trpc.billing.summary.queryOptions({ from, to: nextDay(to) }, { retry: false }));
  const money = (amount: number) => formatMoney(amount, summary.data?.currency ?? "usd");
  const figures = summary.data
    ? [
        { label: "MRR", value: money(summary.data.mrr) },
        { label: "Revenue", value: money(summary.data.revenue) },
        { label: "Cost", value: money(summary.data.cost), note: `${formatNumber(summary.data.messages)} messages` },
        { label: "Margin", value: money(summary.data.margin), note: summary.data.margin_percent === null ? undefined : `${summary.data.margin_percent}%` },
      ]
    : [];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1.5">
          <Label htmlFor="summary-from">From</Label>
          <Input id="summary-from" type="date" value={from} max={to} onChange={(e) => e.target.value && setFrom(e.target.value)} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="summary-to">To (inclusive)</Label>
          <Input id="summary-to" type="date" value={to} min={from} onChange={(e) => e.target.value && setTo(e.target.value)} />
        </div>
      </div>
      {summary.error ? <ErrorAlert title="Couldn't load the summary." message={summary.error.message} onRetry={() => void summary.refetch()} /> : null}
      {!summary.data ? (
        summary.isPending ? <Skeleton className="h-40" /> : null
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {figures.map((f) => (
              <Card key={f.label} className="p-4">
                <dt className="text-sm text-gray-500">{f.label}</dt>
                <dd className="mt-1 text-xl font-semibold text-gray-900" data-testid={`summary-${f.label.toLowerCase()}`}>
                  {f.value}
                </dd>
                {f.note ? <dd className="text-xs text-gray-500">{f.note}</dd> : null}
              </Card>
            ))}
          </dl>
          <section aria-labelledby="per-client-heading" className="space-y-3">
            <h2 id="per-client-heading" className="text-sm font-semibold text-gray-900">
              Per client
            </h2>
            <Table>
              <THead>
                <TR>
                  <TH>Client</TH>
                  <TH>Plan</TH>
                  <TH>MRR</TH>
                  <TH>Revenue</TH>
                  <TH>Messages</TH>
                  <TH>Cost</TH>
                  <TH>Margin</TH>
                </TR>
              </THead>
              <TBody>
                {summary.data.clients.map((c) => (
                  <TR key={c.client_id}>
                    <TD className="font-medium text-gray-900">{c.name}</TD>
                    <TD>{c.plan ? `${c.plan.name} (${statusWords(c.subscription_status ?? "")})` : "—"}</TD>
                    <TD>{formatMoney(c.mrr, c.currency)}</TD>
                    <TD>{formatMoney(c.revenue, c.currency)}</TD>
                    <TD>{formatNumber(c.messages)}</TD>
                    <TD>{formatMoney(c.cost, summary.data.currency)}</TD>
                    <TD>
                      {formatMoney(c.margin, c.currency)}
                      {c.in_totals ? null : <span className="ml-1 text-xs text-gray-500">(not in the totals: {c.currency.toUpperCase()})</span>}
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </section>
        </>
      )}
    </div>
  );
}
