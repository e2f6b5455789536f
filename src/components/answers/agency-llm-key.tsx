"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { useTRPC } from "@/trpc/react";
import { LlmKeyForm } from "./llm-key-form";

/** The agency's OpenAI-compatible key: used for its workspaces' answers unless a workspace brings its own. */
export function AgencyLlmKey() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.llmKeys.agency.queryOptions(undefined, { retry: false }));
  const save = useMutation(trpc.llmKeys.setAgency.mutationOptions({ onSuccess: (data) => queryClient.setQueryData(trpc.llmKeys.agency.queryKey(), data) }));
  if (status.error || !status.data) return null; // not an agency owner
  return (
    <Card>
      <CardHeader>
        <CardTitle>LLM API key</CardTitle>
      </CardHeader>
      <CardBody>
        <p className="mb-3 text-sm text-gray-600">Without a key, agents answer by quoting their sources. With one, they write answers with your OpenAI-compatible provider.</p>
        <LlmKeyForm id="agency-llm-key" label="Agency key" status={status.data} saving={save.isPending} error={save.error?.message ?? null} onSave={(api_key) => save.mutate({ api_key })} />
      </CardBody>
    </Card>
  );
}
