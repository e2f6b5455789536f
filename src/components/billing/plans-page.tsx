"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { ErrorAlert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { formatNumber } from "@/components/clients/format";
import { formatMoney } from "@/server/billing/client";
import { useTRPC } from "@/trpc/react";
import { PacksSection } from "./packs-section";
import { PlanForm } from "./plan-form";

/** The Plans page: the agency's plans (each a Stripe Product and Prices), a new plan, and the top-up packs clients may buy. */
export function PlansPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.billing.settings.queryOptions(undefined, { retry: false }));
  const plans = useQuery(trpc.billing.plans.list.queryOptions(undefined, { retry: false }));
  const archive = useMutation(trpc.billing.plans.archive.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.billing.plans.list.queryKey() }) }));
  if (settings.isPending || plans.isPending) return <Skeleton className="h-48" />;
  if (settings.error) return <ErrorAlert title="Couldn't load billing." message={settings.error.message} onRetry={() => void settings.refetch()} />;
  if (!settings.data.billing.connected) {
    return (
      <EmptyState
        title="Connect Stripe first"
        description="Plans are Products and Prices in your own Stripe account: connect it in Settings → Billing."
        action={
          <Link href="/settings" className={buttonClasses({ variant: "secondary" })}>
            Open Settings
          </Link>
        }
      />
    );
  }
  const currency = settings.data.billing.account?.default_currency ?? "usd";
  return (
    <div className="space-y-6">
      <section aria-labelledby="plans-heading" className="space-y-3">
        <h2 id="plans-heading" className="text-sm font-semibold text-gray-900">
          Plans
        </h2>
        {plans.error ? (
          <ErrorAlert title="Couldn't load the plans." message={plans.error.message} onRetry={() => void plans.refetch()} />
        ) : plans.data.plans.length === 0 ? (
          <p className="text-sm text-gray-600">No plans yet: create the first one below.</p>
        ) : (
          <Table>
            <THead>
              <TR>
                <TH>Plan</TH>
                <TH>Price</TH>
                <TH>Messages per month</TH>
                <TH>Past the allowance</TH>
                <TH>
                  <span className="sr-only">Actions</span>
                </TH>
              </TR>
            </THead>
            <TBody>
              {plans.data.plans.map((plan) => (
                <TR key={plan.id}>
                  <TD className="font-medium text-gray-900">{plan.name}</TD>
                  <TD>
                    {formatMoney(plan.amount, plan.currency)} / {plan.interval}
                  </TD>
                  <TD>{formatNumber(plan.message_allowance)}</TD>
                  <TD>{plan.overage_per_100 === null ? "Stops at the allowance" : `${formatMoney(plan.overage_per_100, plan.currency)} per 100`}</TD>
                  <TD className="text-right">
                    <Button variant="secondary" size="sm" disabled={archive.isPending} onClick={() => archive.mutate({ plan_id: plan.id })} aria-label={`Archive ${plan.name}`}>
                      Archive
                    </Button>
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
        {archive.error ? <ErrorAlert title="Couldn't archive the plan." message={archive.error.message} /> : null}
      </section>
      <PlanForm currency={currency} />
      <PacksSection currency={currency} />
    </div>
  );
}
