/**
 * A chatbot's connected channels (docs/decisions/069-messaging-channels.md): connect (credentials checked
 * against the workspace's `enabled_integrations`, verified with the provider,
 * sealed like the LLM keys), list, disconnect. A channel whose integration the
 * agency removed from the workspace shows `disconnected` and its inbound
 * events are taken and left unanswered (channels/inbound.ts).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { z } from "zod";
import type { Chatbot } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { poolOf } from "@/server/kernel/db/client";
import { env } from "@/server/kernel/env";
import { AppError, validationError } from "@/server/kernel/errors";
import { isUuid } from "@/server/kernel/lib/ids";
import { openSecret, sealSecret } from "@/server/kernel/lib/secret-box";
import { isoMicro } from "@/server/kernel/lib/timestamps";
import { auditedChange } from "@/server/audit";
import { INTEGRATION_PRODUCTS } from "@/server/workspaces";
import { CHANNEL_CREDENTIALS, CHANNEL_KINDS, CHANNEL_STATUSES, type ChannelKind } from "./kinds";
import { slack } from "./slack";
import { telegram } from "./telegram";
import { teams, type TeamsCredentials } from "./teams";
import { whatsapp } from "./whatsapp";
import { MICROSOFT_TEAMS, SLACK, TELEGRAM, WHATSAPP } from "@/shared/integrations";

export const channelSchema = z
  .object({
    id: z.string(),
    chatbot_id: z.string(),
    kind: z.enum(CHANNEL_KINDS).meta({ description: `The integration id: \`${TELEGRAM}\` Telegram, \`${WHATSAPP}\` WhatsApp, \`${SLACK}\` Slack, \`${MICROSOFT_TEAMS}\` Microsoft Teams.` }),
    product: z.string(),
    status: z.enum(CHANNEL_STATUSES).meta({ description: "`connected`; `error`: the provider refused (see `status_message`); `disconnected`: the integration is no longer enabled for the workspace." }),
    status_message: z.string().nullable(),
    name: z.string().nullable().meta({ description: "The provider's name for the bot or number (e.g. the Telegram @username)." }),
    webhook_url: z.string().meta({ description: "Where the provider sends events: set automatically for Telegram; paste it as the WhatsApp callback URL, the Slack request URL or the Azure Bot's messaging endpoint (Microsoft Teams)." }),
    verify_token: z.string().nullable().meta({ description: "WhatsApp: the verify token to paste with the callback URL (null for other kinds)." }),
    handoff_channel: z.string().nullable().meta({
      description:
        "Slack: the Slack channel id (C…); Microsoft Teams: the Teams channel's conversation id (19:…@thread.tacv2). Where conversations waiting for a person are posted, each as a new thread; a person's reply in that thread goes to the visitor as an agent reply. Null: none (always null for other kinds).",
    }),
    created_at: z.string(),
  })
  .meta({ id: "Channel" });
export type ChannelJson = z.output<typeof channelSchema>;

export const connectChannelInput = z.object({
  kind: z.string().max(64),
  credentials: z.record(z.string(), z.unknown()).default({}),
});

interface ChannelRow {
  id: string;
  chatbot_id: string;
  kind: ChannelKind;
  status: string;
  status_message: string | null;
  external_name: string | null;
  created_at: Date;
  enabled: boolean;
  webhook_secret: string;
  handoff_channel: string | null;
}

/** The SQL of "this integration is enabled for the chatbot's workspace": a client's `enabled_integrations`, an agency's own plan. */
export const ENABLED_SQL = (kind: string, team: string) =>
  `(${kind} = ANY (CASE ${team}.kind WHEN 'client' THEN ${team}.enabled_integrations WHEN 'agency' THEN ${team}.included_integrations ELSE '{}'::text[] END))`;

export const webhookUrlOf = (channelId: string) => `${env().APP_URL.replace(/\/$/, "")}/api/channels/${channelId}`;

function serialize(row: ChannelRow): ChannelJson {
  return {
    id: row.id,
    chatbot_id: row.chatbot_id,
    kind: row.kind,
    product: INTEGRATION_PRODUCTS[row.kind].product,
    status: row.enabled ? (row.status === "error" ? "error" : "connected") : "disconnected",
    status_message: row.enabled ? row.status_message : "The integration is no longer enabled for this workspace.",
    name: row.external_name,
    webhook_url: webhookUrlOf(row.id),
    verify_token: row.kind === WHATSAPP ? row.webhook_secret : null,
    handoff_channel: row.handoff_channel,
    created_at: isoMicro(row.created_at),
  };
}

const SELECT = `SELECT ch.id::text, ch.chatbot_id::text, ch.kind, ch.status, ch.status_message, ch.external_name, ch.created_at, ch.webhook_secret, ch.handoff_channel, ${ENABLED_SQL("ch.kind", "t")} AS enabled
                  FROM channels ch JOIN chatbots b ON b.id = ch.chatbot_id JOIN teams t ON t.id = b.team_id`;

export async function listChannels(db: Db, chatbotId: string): Promise<ChannelJson[]> {
  const { rows } = await poolOf(db).query<ChannelRow>({ name: "channels_list", text: `${SELECT} WHERE ch.chatbot_id = $1::uuid ORDER BY ch.created_at, ch.id`, values: [chatbotId] });
  return rows.map(serialize);
}

export async function enabledIntegrations(db: Db, teamId: string): Promise<string[]> {
  const team = await db.team.findUniqueOrThrow({ where: { id: teamId }, select: { kind: true, enabledIntegrations: true, includedIntegrations: true } });
  return team.kind === "client" ? team.enabledIntegrations : team.kind === "agency" ? team.includedIntegrations : [];
}

/** The provider's check of the credentials and the webhook set up with it: the channel's status and the bot's name. */
async function verifyWithProvider(kind: ChannelKind, credentials: Record<string, string>, channelId: string, secret: string) {
  if (kind === TELEGRAM) {
    const me = await telegram.getMe(credentials.bot_token!);
    if (!me.ok) return { status: "error", message: me.message, name: null };
    const name = me.result.username ? `@${me.result.username}` : (me.result.first_name ?? null);
    const hook = await telegram.setWebhook(credentials.bot_token!, webhookUrlOf(channelId), secret);
    return hook.ok ? { status: "connected", message: null, name } : { status: "error", message: hook.message, name };
  }
  if (kind === WHATSAPP) {
    const number = await whatsapp.phoneNumber(credentials.access_token!, credentials.phone_number_id!);
    if (!number.ok) return { status: "error", message: number.message, name: null };
    return { status: "connected", message: null, name: number.result.display_phone_number ?? number.result.verified_name ?? null };
  }
  if (kind === MICROSOFT_TEAMS) {
    // The Bot Framework has no "who am I": the app id and password are checked by asking for a token.
    const token = await teams.verify(credentials as unknown as TeamsCredentials);
    return token.ok ? { status: "connected", message: null, name: null } : { status: "error", message: token.message, name: null };
  }
  const auth = await slack.authTest(credentials.bot_token!);
  if (!auth.ok) return { status: "error", message: auth.message, name: null };
  return { status: "connected", message: null, name: auth.result.user ? `@${auth.result.user}${auth.result.team ? ` (${auth.result.team})` : ""}` : null };
}

/** Connects a channel: 422 for a kind that is not a channel, not built yet, or not enabled for the workspace, or bad credentials. */
/**
 * `audit` records the connection inside the transaction that writes it (audit/record.ts: a change and its entry
 * commit together); the provider is asked before, outside any transaction.
 */
export async function connectChannel(
  db: Db,
  chatbot: Pick<Chatbot, "id" | "teamId">,
  input: z.output<typeof connectChannelInput>,
  audit: (tx: Db, channel: ChannelJson) => Promise<void>,
): Promise<ChannelJson> {
  const kind = input.kind;
  if (!(CHANNEL_KINDS as readonly string[]).includes(kind)) throw validationError({ kind: [`The kind must be one of the channel integrations: ${CHANNEL_KINDS.join(", ")}.`] });
  const channelKind = kind as ChannelKind;
  const product = INTEGRATION_PRODUCTS[channelKind].product;
  // Built end to end or not: one flag, the dashboard's "coming soon" (workspaces/integrations.ts).
  if (!INTEGRATION_PRODUCTS[channelKind].available) throw validationError({ kind: [`${product} channels are coming soon.`] });
  if (!(await enabledIntegrations(db, chatbot.teamId)).includes(channelKind)) {
    throw validationError({ kind: [`${product} (${channelKind}) is not enabled for this workspace (enabled_integrations).`] });
  }
  const parsed = CHANNEL_CREDENTIALS[channelKind].safeParse(input.credentials);
  if (!parsed.success) {
    throw validationError(Object.fromEntries(parsed.error.issues.map((i) => [`credentials.${i.path.join(".")}`, [i.code === "invalid_type" ? `The credentials.${i.path.join(".")} field is required.` : i.message]])));
  }
  const credentials = parsed.data as Record<string, string>;
  const id = randomUUID();
  const secret = randomBytes(32).toString("base64url");
  const verified = await verifyWithProvider(channelKind, credentials, id, secret);
  return auditedChange(db, async (tx) => {
    const row = await tx.channel.create({
      data: {
      id,
      chatbotId: chatbot.id,
      kind: channelKind,
      credentialsCiphertext: sealSecret(JSON.stringify(credentials)),
      webhookSecret: secret,
      status: verified.status,
      statusMessage: verified.message,
      externalName: verified.name,
      },
    });
    // Enabled: checked above, in this request.
    const channel = serialize({ id: row.id, chatbot_id: row.chatbotId, kind: channelKind, status: row.status, status_message: row.statusMessage, external_name: row.externalName, created_at: row.createdAt, enabled: true, webhook_secret: row.webhookSecret, handoff_channel: null });
    await audit(tx, channel);
    return channel;
  });
}

/** Disconnects (deletes) a channel; Telegram is asked to stop sending (best effort: the URL answers 404 from now on anyway). */
export async function disconnectChannel(
  db: Db,
  chatbotId: string,
  channelId: string,
  audit: (tx: Db, channel: { id: string; kind: ChannelKind; product: string; name: string | null }) => Promise<void>,
): Promise<void> {
  const channel = isUuid(channelId) ? await db.channel.findFirst({ where: { id: channelId, chatbotId } }) : null;
  if (!channel) throw new AppError("NOT_FOUND", "Channel not found.");
  const kind = channel.kind as ChannelKind;
  await auditedChange(db, async (tx) => {
    await tx.channel.delete({ where: { id: channel.id } });
    await audit(tx, { id: channel.id, kind, product: INTEGRATION_PRODUCTS[kind].product, name: channel.externalName });
  });
  if (kind === TELEGRAM) await telegram.deleteWebhook(credentialsOf(channel.credentialsCiphertext).bot_token!).catch(() => undefined);
}

/** A channel's credentials, opened (only the jobs and the provider calls see them). */
export function credentialsOf(ciphertext: string): Record<string, string> {
  return JSON.parse(openSecret(ciphertext)) as Record<string, string>;
}

/** The dashboard's connect forms: each channel kind, whether it is built and whether the workspace has it. */
export async function channelOptions(db: Db, teamId: string) {
  const enabled = await enabledIntegrations(db, teamId);
  return CHANNEL_KINDS.map((kind) => ({ kind, product: INTEGRATION_PRODUCTS[kind].product, description: INTEGRATION_PRODUCTS[kind].description, available: INTEGRATION_PRODUCTS[kind].available, enabled: enabled.includes(kind) }));
}

/**
 * Which channel a conversation came from, for the inbox (its visitor's key is `channel:{channel_id}:{chat}`,
 * jobs.ts): the product and the bot's or number's name; null for other sources or a channel since removed.
 */
export async function channelOfConversation(db: Db, chatbotId: string, conversationId: string): Promise<ConversationChannel | null> {
  return (await channelsOfConversations(db, chatbotId, [conversationId]))[conversationId] ?? null;
}

type ConversationChannel = { kind: ChannelKind; product: string; name: string | null };

/** The same for a page of conversations (the inbox's list), in one statement: by conversation id, channel conversations only. */
export async function channelsOfConversations(db: Db, chatbotId: string, conversationIds: string[]): Promise<Record<string, ConversationChannel>> {
  const ids = conversationIds.filter(isUuid);
  if (ids.length === 0) return {};
  const { rows } = await poolOf(db).query<{ conversation_id: string; kind: ChannelKind; external_name: string | null }>({
    name: "channels_of_conversations",
    text: `SELECT c.id::text AS conversation_id, ch.kind, ch.external_name
             FROM conversations c JOIN visitors v ON v.id = c.visitor_id
             JOIN channels ch ON v.visitor_key LIKE 'channel:%' AND ch.id::text = split_part(v.visitor_key, ':', 2)
            WHERE c.id = ANY($1::uuid[]) AND c.chatbot_id = $2::uuid AND ch.chatbot_id = $2::uuid`,
    values: [ids, chatbotId],
  });
  return Object.fromEntries(rows.map((r) => [r.conversation_id, { kind: r.kind, product: INTEGRATION_PRODUCTS[r.kind].product, name: r.external_name }]));
}
