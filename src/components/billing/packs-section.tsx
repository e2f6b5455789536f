"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { FormField } from "@/components/clients/form-field";
import { formatNumber } from "@/components/clients/format";
import { FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { formatMoney, parseMoney } from "@/server/billing/client";
import { useTRPC } from "@/trpc/react";
import { fieldError, formLevelError } from "./field-errors";

/** Top-up packs: credits at a price the agency sets, bought by its clients' admins on their home page. */
export function PacksSection({ currency }: { currency: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const packs = useQuery(trpc.billing.packs.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.billing.packs.queryKey() });
  const create = useMutation(trpc.billing.createPack.mutationOptions({ onSuccess: refresh }));
  const archive = useMutation(trpc.billing.archivePack.mutationOptions({ onSuccess: refresh }));
  const [price, setPrice] = useState<string | undefined>();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const amount = parseMoney(String(form.get("price") ?? ""), currency);
    setPrice(amount === null || amount < 1 ? "Enter a price, e.g. 15.00." : undefined);
    if (amount === null || amount < 1) return;
    create.mutate({ credits: Number(form.get("credits")), amount, currency });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle id="packs-heading">Top-up packs</CardTitle>
      </CardHeader>
      <CardBody className="space-y-4">
        {packs.data?.length ? (
          <ul className="divide-y divide-gray-100 rounded-md border border-gray-200">
            {packs.data.map((pack) => (
              <li key={pack.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                <span>
                  {formatNumber(pack.credits)} credits for {formatMoney(pack.amount, pack.currency)}
                </span>
                <Button variant="secondary" size="sm" disabled={archive.isPending} onClick={() => archive.mutate({ pack_id: pack.id })} aria-label={`Remove the ${formatNumber(pack.credits)} credits pack`}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-gray-600">No packs: clients can&apos;t buy credits themselves yet.</p>
        )}
        <form noValidate onSubmit={onSubmit} aria-labelledby="packs-heading" className="flex flex-wrap items-end gap-3">
          <FormField label="Credits" error={fieldError(create.error, "credits")}>
            {(c) => <Input {...c} name="credits" inputMode="numeric" placeholder="1000" className="w-32" />}
          </FormField>
          <FormField label={`Price (${currency.toUpperCase()})`} error={price ?? fieldError(create.error, "amount")}>
            {(c) => <Input {...c} name="price" inputMode="decimal" placeholder="15.00" className="w-32" />}
          </FormField>
          <Button type="submit" variant="secondary" disabled={create.isPending}>
            Add pack
          </Button>
        </form>
        <FormError message={formLevelError(create.error, ["credits", "amount"])} />
      </CardBody>
    </Card>
  );
}
