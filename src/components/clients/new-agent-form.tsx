"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import type { z } from "zod";
import { applyServerFieldErrors } from "@/components/lib/server-field-errors";
import { DialogActions } from "@/components/ui/dialog-actions";
import { useTRPC } from "@/trpc/react";
import { AgentFields } from "@/components/clients/agent-fields";
import { newAgentSchema } from "@/components/clients/client-form-schema";
import { FormError } from "@/components/ui/alert";
import { fieldErrorsOf } from "@/components/lib/trpc-error";
import { TemplateFields, templateInput, type TemplateChoice } from "@/components/templates/template-fields";

type FormValues = z.input<typeof newAgentSchema>;

/** Creates an agent in the workspace: name, website URL to train on, accent color. */
export function NewAgentForm({ clientId, onDone }: { clientId: string; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [template, setTemplate] = useState<TemplateChoice>({ template_id: "", variables: {} });
  const form = useForm<FormValues, unknown, z.output<typeof newAgentSchema>>({
    resolver: zodResolver(newAgentSchema),
    defaultValues: { name: "", website_url: "", accent_color: "" },
  });
  const create = useMutation(
    trpc.agencyClients.createAgent.mutationOptions({
      onSuccess: async () => {
        onDone();
        await queryClient.invalidateQueries({ queryKey: trpc.agencyClients.pathKey() });
      },
      onError: (error) => setOtherErrors(applyServerFieldErrors(error, form.setError, ["name", "website_url", "accent_color"])),
    }),
  );
  const onSubmit = form.handleSubmit((v) => {
    setOtherErrors([]);
    create.mutate({
      client_id: clientId,
      name: v.name,
      ...(v.website_url ? { website_url: v.website_url } : {}),
      ...(v.accent_color ? { accent_color: v.accent_color } : {}),
      ...templateInput(template),
    });
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-label="New agent" className="space-y-4 rounded-lg border border-gray-200 bg-gray-50 p-4">
        <AgentFields />
        <TemplateFields value={template} onChange={setTemplate} errors={fieldErrorsOf(create.error)} />
        {create.error ? <FormError message={[create.error.message, ...otherErrors.filter((m) => m !== create.error?.message)].join(" ")} /> : null}
        <DialogActions confirmLabel={create.isPending ? "Creating…" : "Create agent"} onCancel={onDone} pending={create.isPending} />
      </form>
    </FormProvider>
  );
}
