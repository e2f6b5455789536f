"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { useTRPC } from "@/trpc/react";
import { LlmKeyForm } from "./llm-key-form";

/** A workspace's own LLM key (BYOK): shown only when the agency enabled it, editable by the workspace's admins. */
export function WorkspaceLlmKey({ chatbotId }: { chatbotId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.llmKeys.workspace.queryOptions({ chatbot_id: chatbotId }));
  const save = useMutation(
    trpc.llmKeys.setWorkspace.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.llmKeys.workspace.queryKey({ chatbot_id: chatbotId }) }) }),
  );
  if (!status.data?.byok_enabled || !status.data.can_manage) return null;
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Your own LLM key</CardTitle>
      </CardHeader>
      <CardBody>
        <p className="mb-3 text-sm text-gray-600">Answers of this workspace&apos;s chatbots use this key instead of the agency&apos;s. Messages still count against your credits.</p>
        <LlmKeyForm id="workspace-llm-key" label="Workspace key" status={status.data} saving={save.isPending} error={save.error?.message ?? null} onSave={(api_key) => save.mutate({ chatbot_id: chatbotId, api_key })} />
      </CardBody>
    </Card>
  );
}
