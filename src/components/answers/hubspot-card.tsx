"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConnectButtons } from "@/components/answers/connect-buttons";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, describedBy } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useTRPC } from "@/trpc/react";

/** "key = property" lines ↔ the field mapping. */
const mappingText = (mapping: Record<string, string>) =>
  Object.entries(mapping)
    .map(([k, v]) => `${k} = ${v}`)
    .join("\n");
function parseMapping(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split("\n")
      .map((l) => l.split("=").map((p) => p.trim()))
      .filter((p) => p[0])
      .map((p) => [p[0]!, p[1] ?? ""]),
  );
}

/**
 * HubSpot for the chatbot's workspace (docs/decisions/077-hubspot-crm.md): its administrators connect a private-app token (verified
 * with HubSpot), map lead form fields to contact properties, or disconnect (the sync stops).
 */
export function HubspotCard({ chatbotId }: { chatbotId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const uid = useId();
  const status = useQuery(trpc.crm.hubspot.queryOptions({ chatbot_id: chatbotId }));
  const [token, setToken] = useState("");
  const [mapping, setMapping] = useState<string | null>(null);
  const onSuccess = (data: unknown) => {
    queryClient.setQueryData(trpc.crm.hubspot.queryKey({ chatbot_id: chatbotId }), (old) => (old ? { ...old, ...(data as object) } : old));
    setToken("");
    setMapping(null);
  };
  const connect = useMutation(trpc.crm.connectHubspot.mutationOptions({ onSuccess }));
  const disconnect = useMutation(trpc.crm.disconnectHubspot.mutationOptions({ onSuccess }));
  const saveMapping = useMutation(trpc.crm.setHubspotMapping.mutationOptions({ onSuccess }));
  if (!status.data?.can_manage) return null;
  const data = status.data;
  const tokenError = connect.error?.data && "fieldErrors" in connect.error.data ? (connect.error.data.fieldErrors as Record<string, string[]> | undefined)?.token?.[0] : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (token.trim()) connect.mutate({ chatbot_id: chatbotId, token: token.trim() });
  };
  const ids = { token: `${uid}-token`, mapping: `${uid}-mapping` };
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>HubSpot</CardTitle>
      </CardHeader>
      <CardBody className="space-y-4">
        <p className="text-sm text-gray-600">
          Every lead of this workspace becomes a HubSpot contact (matched by e-mail), with the conversation attached as a note.
          {data.enabled ? null : " Your agency has not enabled HubSpot for this workspace: nothing is sent until it does."}
        </p>
        <p className="text-sm text-gray-800" data-testid="hubspot-status">
          {data.connected ? `Connected to HubSpot account ${data.portal_id ?? ""}` : "Not connected"}
        </p>
        <form onSubmit={submit} className="space-y-2">
          <Field id={ids.token} label={data.connected ? "Replace the private-app token" : "Private-app token"} error={tokenError ?? null} hint="HubSpot → Settings → Integrations → Private apps (scopes: crm.objects.contacts.read and .write).">
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input id={ids.token} type="password" autoComplete="off" placeholder="pat-…" value={token} onChange={(e) => setToken(e.target.value)} className="sm:max-w-sm" {...describedBy(ids.token, { hint: true, error: tokenError })} />
              <ConnectButtons
                product="HubSpot"
                connecting={connect.isPending}
                canConnect={Boolean(token.trim())}
                connected={data.connected}
                disconnecting={disconnect.isPending}
                onDisconnect={() => disconnect.mutate({ chatbot_id: chatbotId })}
              />
            </div>
          </Field>
          {connect.error && !tokenError ? <ErrorAlert title="HubSpot was not connected." message={connect.error.message} /> : null}
        </form>
        {data.connected ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              saveMapping.mutate({ chatbot_id: chatbotId, field_mapping: parseMapping(mapping ?? mappingText(data.field_mapping)) });
            }}
            className="space-y-2"
          >
            <Field id={ids.mapping} label="Field mapping" hint="One per line: lead form field key = HubSpot property (name, e-mail and phone are always sent)." error={saveMapping.error?.message ?? null}>
              <Textarea id={ids.mapping} rows={3} className="font-mono text-xs" placeholder="company = company" value={mapping ?? mappingText(data.field_mapping)} onChange={(e) => setMapping(e.target.value)} {...describedBy(ids.mapping, { hint: true, error: saveMapping.error?.message })} />
            </Field>
            <Button type="submit" variant="secondary" disabled={saveMapping.isPending}>
              Save mapping
            </Button>
          </form>
        ) : null}
      </CardBody>
    </Card>
  );
}
