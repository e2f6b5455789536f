"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import type { z } from "zod";
import { applyServerFieldErrors } from "@/components/lib/server-field-errors";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { useTRPC } from "@/trpc/react";
import { ClientFields } from "@/components/clients/client-fields";
import { CLIENT_FIELD_PATHS, clientFieldsSchema, fieldsFromClient, toUpdateInput, type ClientFieldsInput } from "@/components/clients/client-form-schema";
import { FormError } from "@/components/ui/alert";
import type { Client } from "@/components/clients/types";
import { useClientRefresh } from "@/components/clients/use-client-mutations";

/** Name, reference, limits, BYOK and integrations of an existing client. */
export function LimitsEditor({ client, included }: { client: Client; included: readonly string[] }) {
  const trpc = useTRPC();
  const refresh = useClientRefresh(client.id);
  const [saved, setSaved] = useState(false);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const form = useForm<ClientFieldsInput, unknown, z.output<typeof clientFieldsSchema>>({
    resolver: zodResolver(clientFieldsSchema),
    defaultValues: fieldsFromClient(client, included),
  });
  // Follow changes made elsewhere (another tab, a refetch) while nothing is being edited.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(fieldsFromClient(client, included));
  }, [client, included, form]);
  const update = useMutation(
    trpc.agencyClients.update.mutationOptions({
      onSuccess: async (res) => {
        form.reset(fieldsFromClient(res.client, included));
        setSaved(true);
        await refresh(res.client);
      },
      onError: (error) => setOtherErrors(applyServerFieldErrors(error, form.setError, CLIENT_FIELD_PATHS)),
    }),
  );
  const onSubmit = form.handleSubmit((values) => {
    setSaved(false);
    setOtherErrors([]);
    update.mutate(toUpdateInput(client.id, values));
  });
  const dirty = form.formState.isDirty;
  return (
    <Card>
      <CardHeader>
        <CardTitle id="limits-editor-title">Settings and limits</CardTitle>
      </CardHeader>
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate aria-labelledby="limits-editor-title">
          <CardBody className="space-y-8 py-6">
            <ClientFields included={included} sourcesInUse={client.usage.sources} />
          </CardBody>
          <div className="space-y-3 border-t border-gray-200 bg-gray-50 px-5 py-4">
            {update.error ? <FormError message={[update.error.message, ...otherErrors.filter((m) => m !== update.error?.message)].join(" ")} /> : null}
            <div className="flex items-center justify-end gap-3">
              <p role="status" className="text-sm text-emerald-700">
                {saved && !dirty ? "Changes saved." : ""}
              </p>
              <Button variant="secondary" onClick={() => form.reset()} disabled={!dirty || update.isPending}>
                Discard
              </Button>
              <Button type="submit" disabled={!dirty || update.isPending} aria-busy={update.isPending || undefined}>
                {update.isPending ? "Saving…" : "Save changes"}
              </Button>
            </div>
          </div>
        </form>
      </FormProvider>
    </Card>
  );
}
