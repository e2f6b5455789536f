"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { formatNumber } from "@/components/clients/format";
import { formatDate } from "@/components/lib/format";
import { FormError } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { formatMoney } from "@/server/billing/client";
import { useTRPC } from "@/trpc/react";
import { statusWords } from "./subscription-panel";

/** A client's home: its plan as Stripe bills it, the link to pay while unpaid, Stripe's invoices, and top-up packs its admins may buy. */
export function ClientBillingCard({ teamId }: { teamId: string }) {
  const trpc = useTRPC();
  const billing = useQuery(trpc.billing.subscription.clientBilling.queryOptions({ team_id: teamId }, { retry: false }));
  const buy = useMutation(trpc.billing.subscription.buyTopup.mutationOptions({ onSuccess: (data) => window.location.assign(data.url) }));
  const data = billing.data;
  if (!data || (!data.subscription && !data.invoices.length && !data.packs.length)) return null;
  const sub = data.subscription;
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center gap-2">
        <CardTitle>Plan and invoices</CardTitle>
        {sub ? <Badge tone={sub.status === "active" ? "green" : sub.status === "incomplete" ? "amber" : "neutral"}>{statusWords(sub.status)}</Badge> : null}
      </CardHeader>
      <CardBody className="space-y-4 text-sm">
        {sub ? (
          <p className="text-gray-700" data-testid="client-plan">
            <strong className="font-medium text-gray-900">{sub.plan.name}</strong>: {formatMoney(sub.plan.amount, sub.plan.currency)} per {sub.plan.interval}, {formatNumber(sub.plan.message_allowance)} messages a month
            {sub.plan.overage_per_100 !== null ? `, then ${formatMoney(sub.plan.overage_per_100, sub.plan.currency)} per 100 messages` : ""}.
            {sub.current_period_end ? ` ${sub.cancel_at_period_end ? "Ends" : "Renews"} ${formatDate(sub.current_period_end)}.` : ""}
          </p>
        ) : null}
        {sub?.checkout_url ? (
          <a href={sub.checkout_url} className={buttonClasses({})}>
            Pay and start the plan
          </a>
        ) : null}
        {data.invoices.length ? (
          <ul className="divide-y divide-gray-100 rounded-md border border-gray-200" aria-label="Invoices">
            {data.invoices.map((invoice) => (
              <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <span>
                  <time dateTime={invoice.created_at}>{formatDate(invoice.created_at)}</time> · {formatMoney(invoice.amount_due, invoice.currency)} · {invoice.status === "paid" ? "Paid" : invoice.status === "open" ? "Due" : invoice.status}
                </span>
                {invoice.hosted_invoice_url ? (
                  <a href={invoice.hosted_invoice_url} target="_blank" rel="noreferrer" className="text-indigo-700 underline">
                    {invoice.status === "open" ? "Pay invoice" : "View invoice"}
                    <span className="sr-only"> {invoice.number ?? invoice.id}</span>
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {data.packs.length && data.can_buy ? (
          <div className="space-y-2">
            <p className="font-medium text-gray-900">Buy a top-up pack</p>
            <div className="flex flex-wrap gap-2">
              {data.packs.map((pack) => (
                <Button key={pack.id} variant="secondary" disabled={buy.isPending} onClick={() => buy.mutate({ team_id: teamId, pack_id: pack.id })}>
                  {formatNumber(pack.credits)} credits for {formatMoney(pack.amount, pack.currency)}
                </Button>
              ))}
            </div>
            <FormError message={buy.error?.message} />
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}
