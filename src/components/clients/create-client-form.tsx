"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { FormProvider, useForm, type Path } from "react-hook-form";
import { applyServerFieldErrors } from "@/components/lib/server-field-errors";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { useTRPC } from "@/trpc/react";
import { AgentFields } from "@/components/clients/agent-fields";
import { ClientFields } from "@/components/clients/client-fields";
import {
  CLIENT_FIELD_PATHS,
  createClientSchema,
  emptyCreateClient,
  ROLE_LABELS,
  ROLES,
  toCreateInput,
  type CreateClientInput,
  type CreateClientOutput,
} from "@/components/clients/client-form-schema";
import { rememberCreatedInvitation } from "@/components/clients/created-invitation";
import { FormField, FormSection } from "@/components/clients/form-field";
import { FormError } from "@/components/ui/alert";
import type { AgencySummary } from "@/components/clients/types";
import { fieldErrorsOf } from "@/components/lib/trpc-error";
import { TemplateFields, templateInput, type TemplateChoice } from "@/components/templates/template-fields";

const SERVER_FIELDS: readonly Path<CreateClientInput>[] = [
  ...CLIENT_FIELD_PATHS,
  "chatbot.name",
  "chatbot.website_url",
  "chatbot.accent_color",
  "invite_email",
  "invite_role",
];

/** Every field of POST /v1/agency/clients; on success, the new client's page. */
export function CreateClientForm({ agency }: { agency: AgencySummary }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [template, setTemplate] = useState<TemplateChoice>({ template_id: "", variables: {} });
  const form = useForm<CreateClientInput, unknown, CreateClientOutput>({ resolver: zodResolver(createClientSchema), defaultValues: emptyCreateClient });
  const { register, handleSubmit, setError, formState } = form;

  const create = useMutation(
    trpc.agencyClients.create.mutationOptions({
      onSuccess: async (created) => {
        if (created.invitation) rememberCreatedInvitation(created.client.id, created.invitation);
        queryClient.setQueryData(trpc.agencyClients.get.queryKey({ client_id: created.client.id }), { client: created.client });
        await queryClient.invalidateQueries({ queryKey: trpc.agencyClients.pathKey() });
        router.push(`/clients/${created.client.id}`);
      },
      onError: (error) => setOtherErrors(applyServerFieldErrors(error, setError, SERVER_FIELDS)),
    }),
  );

  const full = agency.workspaces >= agency.workspace_limit;
  const onSubmit = handleSubmit((values) => {
    setOtherErrors([]);
    create.mutate({ ...toCreateInput(values), ...templateInput(template) });
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-label="New client">
        <Card>
          <CardBody className="space-y-8 py-6">
            {full ? (
              <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                Your plan&apos;s workspace limit ({agency.workspace_limit}) is reached. Creating another client will be refused.
              </p>
            ) : null}
            <ClientFields included={agency.included_integrations} />
            <FormSection title="First agent" description="Optional. Give it a name to create the client's first chatbot with the workspace; made from a template, it is named after the client unless you name it.">
              <TemplateFields value={template} onChange={setTemplate} errors={fieldErrorsOf(create.error)} />
              <AgentFields prefix="chatbot." nameOptional />
            </FormSection>
            <FormSection title="Invitation" description="Optional. Invite someone from the client's team to their portal; you get a link to send them.">
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label="Invitation email" optional error={formState.errors.invite_email?.message}>
                  {(c) => <Input {...c} {...register("invite_email")} type="email" autoComplete="off" placeholder="owner@client.example" />}
                </FormField>
                <FormField label="Role" error={formState.errors.invite_role?.message}>
                  {(c) => (
                    <select
                      {...c}
                      {...register("invite_role")}
                      className="block h-9 w-full rounded-md border border-gray-300 bg-white px-2.5 text-sm text-gray-900 shadow-sm"
                    >
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {ROLE_LABELS[role]}
                        </option>
                      ))}
                    </select>
                  )}
                </FormField>
              </div>
            </FormSection>
          </CardBody>
          <div className="space-y-3 border-t border-gray-200 bg-gray-50 px-5 py-4">
            {create.error ? (
              <FormError
                message={[create.error.message, ...otherErrors.filter((m) => m !== create.error?.message)].join(" ")}
              />
            ) : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Link href="/clients" className={buttonClasses({ variant: "secondary" })}>
                Cancel
              </Link>
              <Button type="submit" disabled={create.isPending || create.isSuccess} aria-busy={create.isPending || undefined}>
                {create.isPending ? "Creating…" : "Create client"}
              </Button>
            </div>
          </div>
        </Card>
      </form>
    </FormProvider>
  );
}
