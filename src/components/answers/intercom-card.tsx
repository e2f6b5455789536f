"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { ConnectButtons } from "@/components/answers/connect-buttons";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, describedBy } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useTRPC } from "@/trpc/react";

/**
 * Intercom for the chatbot's workspace (docs/decisions/119-intercom-as-the-human-side.md): its administrators
 * connect the Intercom app's access token (verified with Intercom) and client secret, and see the webhook URL
 * to give the app; or disconnect.
 */
export function IntercomCard({ chatbotId }: { chatbotId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const uid = useId();
  const status = useQuery(trpc.intercom.status.queryOptions({ chatbot_id: chatbotId }));
  const [token, setToken] = useState("");
  const [secret, setSecret] = useState("");
  const onSuccess = (data: unknown) => {
    queryClient.setQueryData(trpc.intercom.status.queryKey({ chatbot_id: chatbotId }), (old) => (old ? { ...old, ...(data as object) } : old));
    setToken("");
    setSecret("");
  };
  const connect = useMutation(trpc.intercom.connect.mutationOptions({ onSuccess }));
  const disconnect = useMutation(trpc.intercom.disconnect.mutationOptions({ onSuccess }));
  if (!status.data?.can_manage) return null;
  const data = status.data;
  const fieldErrors = connect.error?.data && "fieldErrors" in connect.error.data ? (connect.error.data.fieldErrors as Record<string, string[]> | undefined) : undefined;
  const errors = { token: fieldErrors?.access_token?.[0], secret: fieldErrors?.client_secret?.[0] };
  const ids = { token: `${uid}-token`, secret: `${uid}-secret`, webhook: `${uid}-webhook` };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (token.trim() && secret.trim()) connect.mutate({ chatbot_id: chatbotId, access_token: token.trim(), client_secret: secret.trim() });
  };
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Intercom</CardTitle>
      </CardHeader>
      <CardBody className="space-y-4">
        <p className="text-sm text-gray-600">
          Conversations that wait for a person are handed to your team&apos;s Intercom inbox with the conversation so far; replies there reach the visitor, and closing there resolves them here.
          {data.enabled ? null : " Your agency has not enabled Intercom for this workspace: nothing is handed over until it does."}
        </p>
        <p className="text-sm text-gray-800" data-testid="intercom-status">
          {data.connected ? `Connected to Intercom workspace ${data.app_name ?? ""} (${data.app_id ?? "unknown"})` : "Not connected"}
        </p>
        <form onSubmit={submit} className="space-y-2">
          <Field id={ids.token} label={data.connected ? "Replace the access token" : "Access token"} error={errors.token ?? null} hint="Intercom Developer Hub → your app → Authentication.">
            <Input id={ids.token} type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} className="sm:max-w-sm" {...describedBy(ids.token, { hint: true, error: errors.token })} />
          </Field>
          <Field id={ids.secret} label="Client secret" error={errors.secret ?? null} hint="Basic information of the same app: Intercom signs its webhooks with it.">
            <Input id={ids.secret} type="password" autoComplete="off" value={secret} onChange={(e) => setSecret(e.target.value)} className="sm:max-w-sm" {...describedBy(ids.secret, { hint: true, error: errors.secret })} />
          </Field>
          <div className="flex flex-col gap-2 sm:flex-row">
            <ConnectButtons
              product="Intercom"
              connecting={connect.isPending}
              canConnect={Boolean(token.trim() && secret.trim())}
              connected={data.connected}
              disconnecting={disconnect.isPending}
              onDisconnect={() => disconnect.mutate({ chatbot_id: chatbotId })}
            />
          </div>
          {connect.error && !errors.token && !errors.secret ? <ErrorAlert title="Intercom was not connected." message={connect.error.message} /> : null}
        </form>
        <Field id={ids.webhook} label="Webhook URL" hint="In the app's Webhooks, subscribe this URL to conversation.admin.replied and conversation.admin.closed.">
          <Input id={ids.webhook} readOnly value={data.webhook_url} className="font-mono text-xs" {...describedBy(ids.webhook, { hint: true })} />
        </Field>
      </CardBody>
    </Card>
  );
}
