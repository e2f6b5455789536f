"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { FormField } from "@/components/clients/form-field";
import { FormError } from "@/components/ui/alert";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { Input } from "@/components/ui/input";
import { INTEGRATIONS, integrationLabel } from "@/components/clients/integration-labels";
import { Select } from "@/components/ui/select";
import { parseMoney } from "@/server/billing/client";
import { useTRPC } from "@/trpc/react";
import { fieldError, formLevelError } from "./field-errors";
import { SubmitRow } from "./submit-row";

const FIELDS = ["name", "amount", "currency", "interval", "message_allowance", "overage_per_100", "included_integrations"];

/** A new plan: its price per month or year, its monthly message allowance, and optionally a price per 100 messages past it. */
export function PlanForm({ currency: defaultCurrency }: { currency: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [local, setLocal] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<string | null>(null);
  const create = useMutation(
    trpc.billing.plans.create.mutationOptions({
      onSuccess: async (data) => {
        setCreated(`Plan “${data.plan.name}” created in Stripe.`);
        await queryClient.invalidateQueries({ queryKey: trpc.billing.plans.list.queryKey() });
      },
    }),
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setCreated(null);
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const currency = text("currency").toLowerCase() || defaultCurrency;
    const errors: Record<string, string> = {};
    const amount = parseMoney(text("amount"), currency);
    if (amount === null) errors.amount = "Enter the price, e.g. 49 or 49.00.";
    const allowance = Number(text("message_allowance"));
    if (!/^\d+$/.test(text("message_allowance")) || allowance < 1) errors.message_allowance = "Enter a whole number of messages, at least 1.";
    const overageText = text("overage_per_100");
    const overage = overageText === "" ? null : parseMoney(overageText, currency);
    if (overageText !== "" && overage === null) errors.overage_per_100 = "Enter a price, e.g. 2.00, or leave empty to stop at the allowance.";
    setLocal(errors);
    if (Object.keys(errors).length) return;
    const form2 = event.currentTarget;
    create.mutate(
      {
        name: text("name"),
        amount: amount!,
        currency,
        interval: text("interval") === "year" ? "year" : "month",
        message_allowance: allowance,
        overage_per_100: overage,
        included_integrations: INTEGRATIONS.filter((i) => form.getAll("included_integrations").includes(i)),
      },
      { onSuccess: () => form2.reset() },
    );
  };
  const error = (field: string) => local[field] ?? fieldError(create.error, field);
  return (
    <Card>
      <CardHeader>
        <CardTitle id="new-plan-heading">New plan</CardTitle>
      </CardHeader>
      <CardBody>
        <form noValidate onSubmit={onSubmit} aria-labelledby="new-plan-heading" className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Name" error={error("name")}>
              {(c) => <Input {...c} name="name" required maxLength={120} placeholder="e.g. Growth" />}
            </FormField>
            <div className="grid grid-cols-3 gap-3">
              <FormField label="Price" className="col-span-1 space-y-1.5" error={error("amount")}>
                {(c) => <Input {...c} name="amount" inputMode="decimal" placeholder="49.00" />}
              </FormField>
              <FormField label="Currency" className="space-y-1.5" error={error("currency")}>
                {(c) => <Input {...c} name="currency" defaultValue={defaultCurrency.toUpperCase()} maxLength={3} autoCapitalize="characters" />}
              </FormField>
              <FormField label="Per" className="space-y-1.5" error={error("interval")}>
                {(c) => (
                  <Select {...c} name="interval" defaultValue="month">
                    <option value="month">month</option>
                    <option value="year">year</option>
                  </Select>
                )}
              </FormField>
            </div>
            <FormField label="Messages per month" error={error("message_allowance")}>
              {(c) => <Input {...c} name="message_allowance" inputMode="numeric" placeholder="e.g. 2000" />}
            </FormField>
            <FormField label="Price per 100 messages past the allowance" optional hint="Empty: answers stop at the allowance." error={error("overage_per_100")}>
              {(c) => <Input {...c} name="overage_per_100" inputMode="decimal" placeholder="e.g. 2.00" />}
            </FormField>
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-gray-900">Included integrations</legend>
            <p className="text-xs text-gray-500">A subscriber&apos;s workspace gets these (none ticked: its integrations stay as they are).</p>
            <div className="grid gap-2 sm:grid-cols-2">
              {INTEGRATIONS.map((value) => (
                <CheckboxField key={value} id={`plan-integration-${value}`} name="included_integrations" value={value} label={integrationLabel(value).product} />
              ))}
            </div>
          </fieldset>
          <FormError message={formLevelError(create.error, FIELDS)} />
          <SubmitRow label="Create plan" pending={create.isPending} done={created} />
        </form>
      </CardBody>
    </Card>
  );
}
