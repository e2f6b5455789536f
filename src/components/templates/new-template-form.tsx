"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { fieldErrorsOf } from "@/components/lib/trpc-error";
import { FormField } from "@/components/clients/form-field";
import { FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useTRPC } from "@/trpc/react";

/** Makes a template of one of the agency's chatbots (its current state is version 1); lands on the template. */
export function NewTemplateForm({ onCancel }: { onCancel: () => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const masters = useQuery(trpc.agencyTemplates.masters.queryOptions());
  const [chatbotId, setChatbotId] = useState("");
  const [name, setName] = useState("");
  const [site, setSite] = useState("");
  const create = useMutation(
    trpc.agencyTemplates.create.mutationOptions({
      onSuccess: async (made) => {
        await queryClient.invalidateQueries({ queryKey: trpc.agencyTemplates.pathKey() });
        router.push(`/templates/${made.template.id}`);
      },
    }),
  );
  const errors = fieldErrorsOf(create.error);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    create.mutate({ chatbot_id: chatbotId, name, ...(site.trim() ? { variables: { client_website: site.trim() } } : {}) });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>New template</CardTitle>
      </CardHeader>
      <CardBody>
        <form onSubmit={submit} aria-label="New template" className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Chatbot to copy" error={errors.chatbot_id?.[0]} hint="Any chatbot of your agency or of a client: its settings, content and sources become version 1.">
              {(c) => (
                <Select {...c} value={chatbotId} onChange={(e) => setChatbotId(e.target.value)} required>
                  <option value="">Choose a chatbot…</option>
                  {(masters.data ?? []).map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.name} ({m.workspace})
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            <FormField label="Template name" error={errors.name?.[0]}>
              {(c) => <Input {...c} value={name} onChange={(e) => setName(e.target.value)} required maxLength={120} placeholder="Dental practice" />}
            </FormField>
          </div>
          <FormField
            label="Its website"
            optional
            error={errors["variables.client_website"]?.[0]}
            hint="Where this chatbot's site appears in its sources and links, each client's own site goes: {client_website}. Left empty, the site of its first website source is used."
          >
            {(c) => <Input {...c} value={site} onChange={(e) => setSite(e.target.value)} type="url" placeholder="https://www.demo-practice.example" />}
          </FormField>
          <FormError message={create.error?.message} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending || !chatbotId || !name.trim()} aria-busy={create.isPending || undefined}>
              {create.isPending ? "Creating…" : "Create template"}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
