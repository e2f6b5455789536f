"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useChatbot } from "@/components/chatbots/chatbot-context";
import { ReadOnlyNotice } from "@/components/chatbots/read-only-notice";
import { formatDateTime } from "@/components/lib/format";
import { ErrorAlert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { channelLabel, CREDENTIAL_FIELDS, type ChannelKind } from "@/server/channels/client";
import { HandoffChannelForm } from "./handoff-channel-form";
import { useTRPC } from "@/trpc/react";
import { MICROSOFT_TEAMS, SLACK, TELEGRAM, WHATSAPP } from "@/shared/integrations";

interface Channel {
  id: string;
  kind: ChannelKind;
  product: string;
  status: "connected" | "error" | "disconnected";
  status_message: string | null;
  name: string | null;
  webhook_url: string;
  verify_token: string | null;
  handoff_channel: string | null;
  created_at: string;
}

const STATUS_TONES = { connected: "green", error: "red", disconnected: "neutral" } as const;
const STATUS_LABELS = { connected: "Connected", error: "Error", disconnected: "Disconnected" } as const;

/** What to do at the provider once connected (Telegram needs nothing: its webhook is set for it). */
const SETUP_HINTS: Record<ChannelKind, string | null> = {
  [TELEGRAM]: null,
  [WHATSAPP]: "In your Meta app's WhatsApp configuration, paste the callback URL and the verify token, then subscribe to messages.",
  [SLACK]: "In your Slack app's Event Subscriptions, paste the request URL and subscribe to the bot events message.im and app_mention (and message.channels for replies in a handoff channel's threads).",
  [MICROSOFT_TEAMS]: "In your Azure Bot's Configuration, paste the messaging endpoint; then add the Microsoft Teams channel to the bot and install its app in Teams (for replies in a handoff channel's threads that do not mention the bot, its app manifest asks for ChannelMessage.Read.Group).",
};

function Copyable({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-medium text-gray-600">{label}</p>
      <div className="mt-1 flex items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded bg-gray-100 px-2 py-1 text-xs text-gray-800" data-testid={testId}>
          {value}
        </code>
        <CopyButton value={value} size="sm" variant="secondary" aria-label={`Copy the ${label.toLowerCase()}`} />
      </div>
    </div>
  );
}

/** One connect form per product: the credentials it needs; the provider is asked on submit. */
function ConnectForm({ chatbotId, kind, product, onConnected }: { chatbotId: string; kind: ChannelKind; product: string; onConnected: () => Promise<void> }) {
  const trpc = useTRPC();
  const [values, setValues] = useState<Record<string, string>>({});
  const connect = useMutation(
    trpc.channels.create.mutationOptions({
      onSuccess: async () => {
        setValues({});
        await onConnected();
      },
    }),
  );
  const fieldErrors = (connect.error?.data as { fieldErrors?: Record<string, string[]> } | null | undefined)?.fieldErrors ?? {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    connect.mutate({ chatbot_id: chatbotId, kind, credentials: values });
  };
  const formError = connect.error && !Object.keys(fieldErrors).some((k) => k.startsWith("credentials.")) ? connect.error.message : null;
  return (
    <form onSubmit={submit} className="space-y-3" aria-label={`Connect ${product}`}>
      {CREDENTIAL_FIELDS[kind].map((f) => {
        const id = `${kind}-${f.name}`;
        const error = fieldErrors[`credentials.${f.name}`]?.[0] ?? null;
        return (
          <Field key={f.name} id={id} label={f.label} error={error}>
            <Input
              id={id}
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={values[f.name] ?? ""}
              onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
              {...describedBy(id, { error })}
            />
          </Field>
        );
      })}
      {formError ? (
        <p role="alert" className="text-sm text-red-700">
          {formError}
        </p>
      ) : null}
      <Button type="submit" size="sm" disabled={connect.isPending}>
        {connect.isPending ? `Connecting ${product}…` : `Connect ${product}`}
      </Button>
    </form>
  );
}

/** A chatbot's messaging channels: connected ones with their status and webhook URL, and a connect form per product the workspace has. */
export function ChannelsPanel({ chatbotId }: { chatbotId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { can_edit } = useChatbot();
  const list = useQuery(trpc.channels.list.queryOptions({ chatbot_id: chatbotId }));
  const options = useQuery(trpc.channels.options.queryOptions({ chatbot_id: chatbotId }));
  const [removing, setRemoving] = useState<Channel | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.channels.list.queryKey({ chatbot_id: chatbotId }) });
  const remove = useMutation(
    trpc.channels.delete.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setRemoving(null);
      },
    }),
  );

  if (list.isPending || options.isPending) {
    return (
      <div className="space-y-2" aria-busy="true">
        <p role="status" className="sr-only">
          Loading channels…
        </p>
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  const failure = list.error ?? options.error;
  if (failure) return <ErrorAlert title="Couldn't load the channels." message={failure.message} onRetry={() => void Promise.all([list.refetch(), options.refetch()])} />;
  const channels = list.data as Channel[];
  const kinds = options.data ?? [];

  return (
    <div className="space-y-6">
      <ReadOnlyNotice what="the channels" />
      <p className="text-sm text-gray-600">The same agent on messaging apps: answers, credits, handoff and analytics work as on the widget; conversations show in the inbox with their channel (Telegram, WhatsApp, Slack or Microsoft Teams).</p>

      <section aria-labelledby="connected-channels" className="space-y-3">
        <h2 id="connected-channels" className="text-base font-semibold text-gray-900">
          Connected channels
        </h2>
        {channels.length === 0 ? <p className="text-sm text-gray-600">No channel yet.</p> : null}
        <ul className="space-y-3">
          {channels.map((c) => (
            <li key={c.id} data-channel-id={c.id} data-status={c.status}>
              <Card>
                <CardBody className="space-y-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-medium text-gray-900">
                        {c.product}
                        {c.name ? <span className="ml-2 text-sm font-normal text-gray-600">{c.name}</span> : null}
                      </p>
                      <p className="text-xs text-gray-500">
                        Connected <time dateTime={c.created_at}>{formatDateTime(c.created_at)}</time>
                      </p>
                    </div>
                    <div className="flex items-center gap-2">
                      <Badge tone={STATUS_TONES[c.status]} data-testid="channel-status">
                        {STATUS_LABELS[c.status]}
                      </Badge>
                      {can_edit ? (
                        <Button variant="secondary" size="sm" className="text-red-700 hover:text-red-800" aria-label={`Disconnect ${channelLabel(c)}`} onClick={() => setRemoving(c)}>
                          Disconnect
                        </Button>
                      ) : null}
                    </div>
                  </div>
                  {c.status_message ? <p className={c.status === "error" ? "text-sm text-red-700" : "text-sm text-gray-600"}>{c.status_message}</p> : null}
                  <div className="grid gap-3 sm:grid-cols-2">
                    <Copyable label={c.kind === SLACK ? "Request URL" : c.kind === WHATSAPP ? "Callback URL" : c.kind === MICROSOFT_TEAMS ? "Messaging endpoint" : "Webhook URL"} value={c.webhook_url} testId="channel-webhook-url" />
                    {c.verify_token ? <Copyable label="Verify token" value={c.verify_token} testId="channel-verify-token" /> : null}
                  </div>
                  {SETUP_HINTS[c.kind] ? <p className="text-xs text-gray-600">{SETUP_HINTS[c.kind]}</p> : <p className="text-xs text-gray-600">Nothing to paste: the webhook was set with {c.product} when you connected.</p>}
                  {(c.kind === SLACK || c.kind === MICROSOFT_TEAMS) && can_edit ? <HandoffChannelForm chatbotId={chatbotId} channelId={c.id} kind={c.kind} value={c.handoff_channel} onSaved={refresh} /> : null}
                  {(c.kind === SLACK || c.kind === MICROSOFT_TEAMS) && !can_edit && c.handoff_channel ? (
                    <p className="text-xs text-gray-600">
                      Waiting conversations are posted to the {c.product} channel {c.handoff_channel}.
                    </p>
                  ) : null}
                </CardBody>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      {can_edit ? (
        <section aria-labelledby="connect-channel" className="space-y-3">
          <h2 id="connect-channel" className="text-base font-semibold text-gray-900">
            Connect a channel
          </h2>
          <div className="grid gap-4 lg:grid-cols-3">
            {kinds.map((o) => (
              <Card key={o.kind} data-kind={o.kind}>
                <CardHeader>
                  <CardTitle>{o.product}</CardTitle>
                </CardHeader>
                <CardBody className="space-y-3">
                  <p className="text-sm text-gray-600">{o.description}</p>
                  {!o.available ? (
                    <Badge tone="neutral">Coming soon</Badge>
                  ) : !o.enabled ? (
                    <p className="text-sm text-amber-800">Not enabled for this workspace: your agency decides which integrations a workspace has.</p>
                  ) : (
                    <ConnectForm chatbotId={chatbotId} kind={o.kind} product={o.product} onConnected={refresh} />
                  )}
                </CardBody>
              </Card>
            ))}
          </div>
        </section>
      ) : null}

      <ConfirmDialog
        open={removing !== null}
        title={`Disconnect ${removing?.product ?? ""}?`}
        description="Messages sent to it are no longer answered. Its conversations stay in the inbox."
        confirmLabel="Disconnect"
        pending={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={() => removing && remove.mutate({ chatbot_id: chatbotId, channel_id: removing.id })}
        onClose={() => setRemoving(null)}
      />
    </div>
  );
}
