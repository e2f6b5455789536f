"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { FormField } from "@/components/clients/form-field";
import { FormError } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { formatMoney, parseMoney } from "@/server/billing/client";
import { useTRPC } from "@/trpc/react";
import { fieldError, formLevelError } from "./field-errors";
import { SubmitRow } from "./submit-row";

const FIELDS = ["secret_key", "webhook_secret", "grace_days", "dunning_pause_mode", "message_cost_per_1000"];

/**
 * Settings → Billing (agency owner): the agency's own Stripe account — its secret key (verified with
 * Stripe at once) and the signing secret of the webhook endpoint it adds in Stripe for the URL shown —
 * the dunning rule after a failed payment, and what 1,000 answered messages cost the agency.
 */
export function BillingSettingsCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.billing.settings.queryOptions(undefined, { retry: false }));
  const [saved, setSaved] = useState<string | null>(null);
  const [cost, setCost] = useState<string | null>(null);
  const save = useMutation(
    trpc.billing.saveSettings.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.billing.settings.queryKey(), data);
        setSaved(data.billing.account ? `Saved. Connected to ${data.billing.account.name ?? data.billing.account.id}.` : "Saved.");
      },
    }),
  );
  if (settings.error || !settings.data) return null; // not an agency owner
  const billing = settings.data.billing;
  const currency = billing.account?.default_currency ?? "usd";
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(null);
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const costText = text("message_cost");
    const costMinor = costText === "" ? undefined : parseMoney(costText, currency);
    if (costMinor === null) {
      setCost(`Enter an amount in ${currency.toUpperCase()}, e.g. 2.50.`);
      return;
    }
    setCost(null);
    save.mutate({
      ...(text("secret_key") ? { secret_key: text("secret_key") } : {}),
      ...(text("webhook_secret") ? { webhook_secret: text("webhook_secret") } : {}),
      grace_days: Number(text("grace_days") || 0),
      dunning_pause_mode: text("dunning_pause_mode") === "hard" ? "hard" : "soft",
      ...(costMinor !== undefined ? { message_cost_per_1000: costMinor } : {}),
    });
  };
  return (
    <Card className="lg:col-span-2">
      <CardHeader className="flex flex-wrap items-center gap-2">
        <CardTitle id="billing-settings-heading">Billing</CardTitle>
        {billing.connected ? <Badge tone="green">Stripe connected</Badge> : <Badge>Not connected</Badge>}
      </CardHeader>
      <CardBody>
        <form noValidate onSubmit={onSubmit} aria-labelledby="billing-settings-heading" className="space-y-4">
          <p className="text-sm text-gray-600">
            Bill your clients through your own Stripe account: plans with your markup, card payments, usage past the allowance and dunning.
            {billing.account ? (
              <>
                {" "}
                Connected account: <strong className="font-medium text-gray-900">{billing.account.name ?? billing.account.id}</strong> ({billing.account.id}
                {billing.account.default_currency ? `, ${billing.account.default_currency.toUpperCase()}` : ""}).
              </>
            ) : null}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Stripe secret key" optional={billing.connected} hint={billing.secret_key_last4 ? `Saved key ends in ${billing.secret_key_last4}. Leave empty to keep it.` : "sk_live_… or a restricted rk_… key; checked with Stripe when you save."} error={fieldError(save.error, "secret_key")}>
              {(c) => <Input {...c} name="secret_key" type="password" autoComplete="off" placeholder={billing.connected ? "••••" : "sk_live_…"} />}
            </FormField>
            <FormField label="Webhook signing secret" optional={billing.connected} hint="From the endpoint you add in Stripe for the URL below (whsec_…)." error={fieldError(save.error, "webhook_secret")}>
              {(c) => <Input {...c} name="webhook_secret" type="password" autoComplete="off" placeholder="whsec_…" />}
            </FormField>
          </div>
          <div className="space-y-1.5">
            <p className="text-sm font-medium text-gray-900" id="webhook-url-label">
              Webhook URL for Stripe
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <code aria-labelledby="webhook-url-label" className="rounded bg-gray-100 px-2 py-1 text-xs break-all text-gray-800">
                {billing.webhook_url}
              </code>
              <CopyButton value={billing.webhook_url} label="Copy URL" />
            </div>
            <p className="text-xs text-gray-500">Send it checkout.session.completed, customer.subscription.*, invoice.paid and invoice.payment_failed.</p>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label="Grace days after a failed payment" error={fieldError(save.error, "grace_days")}>
              {(c) => <Input {...c} name="grace_days" inputMode="numeric" defaultValue={String(billing.grace_days)} />}
            </FormField>
            <FormField label="Then pause the client" error={fieldError(save.error, "dunning_pause_mode")}>
              {(c) => (
                <Select {...c} name="dunning_pause_mode" defaultValue={billing.dunning_pause_mode}>
                  <option value="soft">Soft: the allowance still answers</option>
                  <option value="hard">Hard: nothing answers</option>
                </Select>
              )}
            </FormField>
            <FormField label={`Cost per 1,000 messages (${currency.toUpperCase()})`} hint={`Now ${formatMoney(billing.message_cost_per_1000, currency)}; for the margin.`} error={cost ?? fieldError(save.error, "message_cost_per_1000")}>
              {(c) => <Input {...c} name="message_cost" inputMode="decimal" placeholder="e.g. 2.50" />}
            </FormField>
          </div>
          <FormError message={formLevelError(save.error, FIELDS)} />
          <SubmitRow label={billing.connected ? "Save billing settings" : "Connect Stripe"} pending={save.isPending} done={saved} />
        </form>
      </CardBody>
    </Card>
  );
}
