"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { applyServerFieldErrors } from "@/components/lib/server-field-errors";
import { Dialog } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { Input } from "@/components/ui/input";
import { useTRPC } from "@/trpc/react";
import { formatNumber, topupsFrozen } from "@/components/clients/format";
import { FormField } from "@/components/clients/form-field";
import { FormError } from "@/components/ui/alert";
import type { Client } from "@/components/clients/types";
import { useClientRefresh } from "@/components/clients/use-client-mutations";

const schema = z.object({
  amount: z
    .string()
    .trim()
    .regex(/^\d+$/, "Enter a whole number of messages.")
    .transform(Number)
    .refine((n) => n >= 1 && n <= 1_000_000, "Enter an amount from 1 to 1,000,000."),
});

/** Adds top-up credits (1 to 1,000,000), a bucket that carries over month to month. */
export function TopUpDialog({ client, open, onClose }: { client: Client; open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useClientRefresh(client.id);
  const { register, handleSubmit, setError, formState, reset } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { amount: "" },
  });
  const topUp = useMutation(
    trpc.agencyClients.topUp.mutationOptions({
      onSuccess: async (res) => {
        close();
        await refresh(res.client);
      },
      onError: (error) => applyServerFieldErrors(error, setError, ["amount"]),
    }),
  );
  function close() {
    topUp.reset();
    reset();
    onClose();
  }
  return (
    <Dialog
      open={open}
      onClose={close}
      title={`Top up ${client.name}`}
      description={
        <>
          Top-up credits are used after the monthly limit of {formatNumber(client.limits.messages ?? 0)} is used up. They carry over every month and
          are kept when credits are reset.
          {topupsFrozen(client) ? " While the workspace is paused or suspended they stay frozen and return on resume." : null}
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit((v) => topUp.mutate({ client_id: client.id, amount: v.amount }))} className="space-y-4">
        <FormField label="Amount" hint="Messages to add, from 1 to 1,000,000." error={formState.errors.amount?.message}>
          {(c) => <Input {...c} {...register("amount")} inputMode="numeric" autoComplete="off" autoFocus placeholder="e.g. 500" />}
        </FormField>
        <FormError message={topUp.error?.message} />
        <DialogActions confirmLabel="Add credits" onCancel={close} pending={topUp.isPending} />
      </form>
    </Dialog>
  );
}
