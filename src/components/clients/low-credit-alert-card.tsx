"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { applyServerFieldErrors } from "@/components/lib/server-field-errors";
import { Badge } from "@/components/ui/badge";
import { SaveRow } from "@/components/ui/save-row";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { useTRPC } from "@/trpc/react";
import { formatNumber } from "@/components/clients/format";
import { FormField } from "@/components/clients/form-field";
import { FormError } from "@/components/ui/alert";

/** Empty turns the alert off; otherwise a whole number of remaining message credits, as the server allows. */
const schema = z.object({
  threshold: z
    .string()
    .trim()
    .refine((v) => v === "" || /^\d+$/.test(v), "Enter a whole number of messages, or leave it empty for no alert.")
    .transform((v) => (v === "" ? null : Number(v)))
    .refine((n) => n === null || n <= 1_000_000_000, "Enter at most 1,000,000,000."),
});

/**
 * The agency's low-credit alert for one client: when the remaining message
 * credits fall to the threshold, the agency owner gets one e-mail and the
 * client shows a "Low credits" badge until they rise above it again.
 */
export function LowCreditAlertCard({ clientId, threshold, lowNow }: { clientId: string; threshold: number | null; lowNow: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const { register, handleSubmit, setError, formState, reset } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { threshold: threshold === null ? "" : String(threshold) },
  });
  const save = useMutation(
    trpc.lifecycle.setLowCreditThreshold.mutationOptions({
      onSuccess: async (_res, input) => {
        reset({ threshold: input.threshold === null ? "" : String(input.threshold) });
        setSaved(true);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.lifecycle.clientState.queryKey({ client_id: clientId }) }),
          queryClient.invalidateQueries({ queryKey: trpc.agencyClients.overview.queryKey() }),
        ]);
      },
      onError: (error) => applyServerFieldErrors(error, setError, ["threshold"]),
    }),
  );
  const onSubmit = handleSubmit((v) => {
    setSaved(false);
    save.mutate({ client_id: clientId, threshold: v.threshold });
  });
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center gap-2">
        <CardTitle id="low-credit-heading">Low-credit alert</CardTitle>
        {threshold === null ? <Badge>Off</Badge> : <Badge tone="indigo">At {formatNumber(threshold)} credits</Badge>}
        {lowNow ? <Badge tone="amber">Low credits</Badge> : null}
      </CardHeader>
      <CardBody>
        <form noValidate onSubmit={onSubmit} aria-labelledby="low-credit-heading" className="space-y-3">
          <FormField
            label="Alert when remaining credits fall to"
            hint="You get one e-mail each time the remaining message credits drop to this number, and the client shows a “Low credits” badge. Leave empty for no alert."
            error={formState.errors.threshold?.message}
          >
            {(c) => <Input {...c} {...register("threshold", { onChange: () => setSaved(false) })} inputMode="numeric" autoComplete="off" placeholder="e.g. 100" className="sm:max-w-48" />}
          </FormField>
          <FormError message={save.error && !formState.errors.threshold ? save.error.message : null} />
          <SaveRow label="Save alert" pending={save.isPending} saved={saved && "Saved."} />
        </form>
      </CardBody>
    </Card>
  );
}
