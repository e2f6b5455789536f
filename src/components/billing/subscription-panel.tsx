"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { type FormEvent } from "react";
import { FormField } from "@/components/clients/form-field";
import { formatNumber } from "@/components/clients/format";
import { isNotFound } from "@/components/lib/trpc-error";
import { formatDate } from "@/components/lib/format";
import { FormError } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { formatMoney } from "@/server/billing/client";
import { useTRPC } from "@/trpc/react";
import { fieldError, formLevelError } from "./field-errors";

const TONES: Record<string, "green" | "amber" | "red" | "neutral"> = { active: "green", trialing: "green", incomplete: "amber", past_due: "red", unpaid: "red" };
export const statusWords = (status: string) => ({ active: "Active", trialing: "Trial", incomplete: "Awaiting payment", past_due: "Payment failed", unpaid: "Unpaid", canceled: "Canceled", incomplete_expired: "Checkout expired" })[status] ?? status;

/** The client page's subscription: its plan and state as Stripe reports them, the Checkout link while unpaid, or subscribing it to a plan. */
export function SubscriptionPanel({ clientId, clientName }: { clientId: string; clientName: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const key = trpc.billing.subscription.get.queryKey({ client_id: clientId });
  const sub = useQuery(trpc.billing.subscription.get.queryOptions({ client_id: clientId }, { retry: false }));
  const settings = useQuery(trpc.billing.settings.queryOptions(undefined, { retry: false }));
  const plans = useQuery(trpc.billing.plans.list.queryOptions(undefined, { retry: false, enabled: Boolean(settings.data?.billing.connected) }));
  const done = async () => {
    await queryClient.invalidateQueries({ queryKey: key });
    await queryClient.invalidateQueries({ queryKey: trpc.agencyClients.get.queryKey({ client_id: clientId }) });
  };
  const subscribe = useMutation(trpc.billing.subscription.create.mutationOptions({ onSuccess: done }));
  const cancel = useMutation(trpc.billing.subscription.cancel.mutationOptions({ onSuccess: done }));
  if (sub.isPending || settings.isPending) return <Skeleton className="h-40" />;
  const current = sub.data?.subscription;
  const live = current && !["canceled", "incomplete_expired"].includes(current.status);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    subscribe.mutate({ client_id: clientId, plan_id: String(form.get("plan_id") ?? ""), billing_email: String(form.get("billing_email") ?? "").trim(), collection: form.get("collection") === "send_invoice" ? "send_invoice" : "charge_automatically" });
  };
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center gap-2">
        <CardTitle id="subscription-heading">Subscription</CardTitle>
        {current ? (
          <span data-testid="subscription-status">
            <Badge tone={TONES[current.status] ?? "neutral"}>{statusWords(current.status)}</Badge>
          </span>
        ) : null}
      </CardHeader>
      <CardBody className="space-y-4">
        {sub.error && !isNotFound(sub.error) ? <FormError message={sub.error.message} /> : null}
        {current ? (
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-gray-500">Plan</dt>
              <dd className="font-medium text-gray-900">
                {current.plan.name}: {formatMoney(current.plan.amount, current.plan.currency)} / {current.plan.interval}, {formatNumber(current.plan.message_allowance)} messages a month
              </dd>
            </div>
            <div>
              <dt className="text-gray-500">Billed to</dt>
              <dd className="break-all text-gray-900">{current.billing_email}</dd>
            </div>
            {current.current_period_end ? (
              <div>
                <dt className="text-gray-500">{current.cancel_at_period_end ? "Ends" : "Renews"}</dt>
                <dd className="text-gray-900">
                  <time dateTime={current.current_period_end}>{formatDate(current.current_period_end)}</time>
                </dd>
              </div>
            ) : null}
            {current.next_invoice ? (
              <div>
                <dt className="text-gray-500">Next invoice</dt>
                <dd className="text-gray-900">{formatMoney(current.next_invoice.amount_due, current.next_invoice.currency)}</dd>
              </div>
            ) : null}
          </dl>
        ) : null}
        {current?.checkout_url ? (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-gray-600">Checkout link (e-mailed to {clientName}&apos;s admins):</span>
            <a href={current.checkout_url} className="break-all text-indigo-700 underline" target="_blank" rel="noreferrer">
              Open the checkout page
            </a>
            <CopyButton value={current.checkout_url} label="Copy link" />
          </div>
        ) : null}
        {live ? (
          current.cancel_at_period_end ? (
            <p className="text-sm text-gray-600">Cancels at the end of the current period.</p>
          ) : (
            <Button variant="secondary" disabled={cancel.isPending} onClick={() => cancel.mutate({ client_id: clientId })}>
              {current.status === "incomplete" ? "Withdraw the checkout" : "Cancel at period end"}
            </Button>
          )
        ) : !settings.data?.billing.connected ? (
          <p className="text-sm text-gray-600">
            <Link href="/settings" className="text-indigo-700 underline">
              Connect Stripe
            </Link>{" "}
            to bill this client.
          </p>
        ) : plans.data && plans.data.plans.length === 0 ? (
          <p className="text-sm text-gray-600">
            <Link href="/billing/plans" className="text-indigo-700 underline">
              Create a plan
            </Link>{" "}
            to subscribe this client.
          </p>
        ) : (
          <form noValidate onSubmit={onSubmit} aria-labelledby="subscription-heading" className="space-y-3">
            <div className="grid gap-3 sm:grid-cols-3">
              <FormField label="Plan" error={fieldError(subscribe.error, "plan_id")}>
                {(c) => (
                  <Select {...c} name="plan_id">
                    {plans.data?.plans.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name} ({formatMoney(p.amount, p.currency)} / {p.interval})
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
              <FormField label="Billing e-mail" error={fieldError(subscribe.error, "billing_email")}>
                {(c) => <Input {...c} name="billing_email" type="email" autoComplete="off" placeholder="billing@client.com" />}
              </FormField>
              <FormField label="Payment" error={fieldError(subscribe.error, "collection")}>
                {(c) => (
                  <Select {...c} name="collection" defaultValue="charge_automatically">
                    <option value="charge_automatically">Card, through a checkout link</option>
                    <option value="send_invoice">Invoice by e-mail</option>
                  </Select>
                )}
              </FormField>
            </div>
            <FormError message={formLevelError(subscribe.error, ["plan_id", "billing_email", "collection"])} />
            <Button type="submit" disabled={subscribe.isPending} aria-busy={subscribe.isPending || undefined}>
              Subscribe
            </Button>
          </form>
        )}
        {cancel.error ? <FormError message={cancel.error.message} /> : null}
      </CardBody>
    </Card>
  );
}
