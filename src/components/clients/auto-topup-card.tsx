"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { applyServerFieldErrors } from "@/components/lib/server-field-errors";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SaveRow } from "@/components/ui/save-row";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { useTRPC } from "@/trpc/react";
import { formatNumber } from "@/components/clients/format";
import { FormField } from "@/components/clients/form-field";
import { FormError } from "@/components/ui/alert";

export interface AutoTopupRule {
  threshold: number;
  amount: number;
  monthly_cap: number;
}

const whole = (max: number, min: number) =>
  z
    .string()
    .trim()
    .refine((v) => /^\d+$/.test(v), "Enter a whole number.")
    .transform(Number)
    .refine((n) => n >= min && n <= max, `Enter a number from ${formatNumber(min)} to ${formatNumber(max)}.`);

const schema = z
  .object({ threshold: whole(1_000_000_000, 0), amount: whole(1_000_000, 1), monthly_cap: whole(1_000_000_000, 1) })
  .refine((v) => v.monthly_cap >= v.amount, { path: ["monthly_cap"], message: "The monthly cap must be at least the amount of one top-up." });

const asText = (rule: AutoTopupRule | null) =>
  rule ? { threshold: String(rule.threshold), amount: String(rule.amount), monthly_cap: String(rule.monthly_cap) } : { threshold: "", amount: "", monthly_cap: "" };

/**
 * The agency's auto top-up for one client: when the remaining credits fall
 * below the threshold (or run out), add top-up credits, at most a monthly cap.
 * Each one shows in the credit ledger with its reason.
 */
export function AutoTopupCard({ clientId, rule, hasBudget }: { clientId: string; rule: AutoTopupRule | null; hasBudget: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState, reset } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: asText(rule),
  });
  const save = useMutation(
    trpc.agencyClients.update.mutationOptions({
      onSuccess: async (_res, input) => {
        reset(asText(input.auto_topup ?? null));
        setSaved(input.auto_topup ? "Saved." : "Auto top-up is off.");
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.lifecycle.clientState.queryKey({ client_id: clientId }) }),
          queryClient.invalidateQueries({ queryKey: trpc.agencyClients.get.queryKey({ client_id: clientId }) }),
        ]);
      },
      onError: (error) => applyServerFieldErrors(error, setError, ["threshold", "amount", "monthly_cap"]),
    }),
  );
  const onSubmit = handleSubmit((v) => {
    setSaved(null);
    save.mutate({ client_id: clientId, auto_topup: v });
  });
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center gap-2">
        <CardTitle id="auto-topup-heading">Auto top-up</CardTitle>
        {rule ? (
          <Badge tone="indigo">
            +{formatNumber(rule.amount)} below {formatNumber(rule.threshold)}
          </Badge>
        ) : (
          <Badge>Off</Badge>
        )}
      </CardHeader>
      <CardBody>
        {!hasBudget ? (
          <p className="text-sm text-gray-600">Set a monthly message limit for this client first: top-up credits only apply to a client-level budget.</p>
        ) : (
          <form noValidate onSubmit={onSubmit} aria-labelledby="auto-topup-heading" className="space-y-3">
            <p className="text-sm text-gray-600">
              When the remaining credits fall below the threshold (or run out), add top-up credits once, at most the monthly cap each calendar month.
            </p>
            <div className="grid gap-3 sm:grid-cols-3">
              <FormField label="When remaining falls below" error={formState.errors.threshold?.message}>
                {(c) => <Input {...c} {...register("threshold")} inputMode="numeric" autoComplete="off" placeholder="e.g. 50" />}
              </FormField>
              <FormField label="Add credits" error={formState.errors.amount?.message}>
                {(c) => <Input {...c} {...register("amount")} inputMode="numeric" autoComplete="off" placeholder="e.g. 500" />}
              </FormField>
              <FormField label="At most per month" error={formState.errors.monthly_cap?.message}>
                {(c) => <Input {...c} {...register("monthly_cap")} inputMode="numeric" autoComplete="off" placeholder="e.g. 2000" />}
              </FormField>
            </div>
            <FormError message={save.error && !Object.keys(formState.errors).length ? save.error.message : null} />
            <SaveRow label="Save auto top-up" pending={save.isPending} saved={saved}>
              {rule ? (
                <Button
                  type="button"
                  variant="secondary"
                  disabled={save.isPending}
                  onClick={() => {
                    setSaved(null);
                    save.mutate({ client_id: clientId, auto_topup: null });
                  }}
                >
                  Turn off
                </Button>
              ) : null}
            </SaveRow>
          </form>
        )}
      </CardBody>
    </Card>
  );
}
