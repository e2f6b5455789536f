/**
 * A Microsoft Teams bot over the Bot Framework (docs/decisions/118-teams-bot-framework.md). Outbound: a token
 * from the client-credentials flow (TEAMS_TOKEN_URL with the bot's app id and password, the tenant's own
 * endpoint when a tenant is set; scope `https://api.botframework.com/.default`), kept until shortly before
 * it expires and fetched again once when the Bot Connector answers 401; a reply is
 * `POST {serviceUrl}/v3/conversations/{conversation id}/activities`, a handoff post a new thread in a channel
 * (`POST {serviceUrl}/v3/conversations`). Inbound: which activities are answered (pure rules below; the token
 * check is teams-auth.ts).
 */
import { createHash } from "node:crypto";
import { poolOf, type Db } from "@/server/kernel/db/client";
import { env } from "@/server/kernel/env";
import { providerUrl } from "@/server/kernel/net/provider-url";
import { failure, isFailure, providerFetch, type ProviderAnswer } from "./provider-call";

const SCOPE = "https://api.botframework.com/.default";
/** A token is fetched again this long before Microsoft says it expires (clock skew, a slow request). */
const EARLY_MS = 5 * 60_000;

export interface TeamsCredentials {
  app_id: string;
  app_password: string;
  tenant_id?: string;
}

/** A channel thread's conversation id is the channel's and `;messageid=` its root message (Teams' own form). */
const THREAD_MARK = ";messageid=";
/** The channel and root of a thread's conversation id; the root null when it names none (a chat, or the channel itself). */
export function teamsThreadOf(conversationId: string): { channel: string; root: string | null } {
  const at = conversationId.indexOf(THREAD_MARK);
  return at < 0 ? { channel: conversationId, root: null } : { channel: conversationId.slice(0, at), root: conversationId.slice(at + THREAD_MARK.length) || null };
}
const threadRootOf = (conversationId: string) => teamsThreadOf(conversationId).root;

const tokens = new Map<string, { token: string; expiresAt: number }>();

/** The token endpoint: TEAMS_TOKEN_URL, its first path segment (the `botframework.com` tenant) replaced by the bot's tenant when one is set. */
export function teamsTokenUrl(tenantId?: string): string {
  const url = new URL(env().TEAMS_TOKEN_URL);
  if (tenantId) url.pathname = url.pathname.replace(/^\/[^/]+/, `/${encodeURIComponent(tenantId)}`);
  return url.href;
}

/** A Bot Connector token for the bot: the one held, unless `fresh` or about to expire. */
async function accessToken(credentials: TeamsCredentials, fresh: boolean): Promise<ProviderAnswer<string>> {
  const url = teamsTokenUrl(credentials.tenant_id);
  const key = `${url} ${credentials.app_id} ${createHash("sha256").update(credentials.app_password).digest("base64url")}`;
  const held = tokens.get(key);
  if (held && !fresh && held.expiresAt > Date.now()) return { ok: true, result: held.token };
  const answer = await providerFetch({ url, form: { grant_type: "client_credentials", client_id: credentials.app_id, client_secret: credentials.app_password, scope: SCOPE } });
  if (isFailure(answer)) return answer;
  const json = answer.json as { access_token?: unknown; expires_in?: unknown; error?: string; error_description?: string } | null;
  if (answer.status !== 200 || typeof json?.access_token !== "string") {
    // Microsoft's `error_description` starts with its AADSTS code and a sentence; the first line says enough.
    const reason = json?.error_description?.split(/\r?\n/)[0] ?? json?.error ?? `HTTP ${answer.status}`;
    return failure(answer.status === 200 ? 502 : answer.status, `Microsoft Teams: ${reason}`, answer.retryAfterSeconds);
  }
  const lifetimeMs = (typeof json.expires_in === "number" ? json.expires_in : Number(json.expires_in) || 3600) * 1000;
  tokens.set(key, { token: json.access_token, expiresAt: Date.now() + Math.max(lifetimeMs - EARLY_MS, lifetimeMs / 2) });
  return { ok: true, result: json.access_token };
}

/** What the Bot Connector answers a post: the activity's id; for a new conversation also its id (a channel thread's ends in `;messageid={activityId}`). */
interface Posted {
  id?: unknown;
  activityId?: unknown;
}

async function postActivity(credentials: TeamsCredentials, url: string, activity: unknown, fresh: boolean): Promise<ProviderAnswer<Posted>> {
  const token = await accessToken(credentials, fresh);
  if (!token.ok) return token;
  const answer = await providerFetch({ url, body: activity, headers: { Authorization: `Bearer ${token.result}` } });
  if (isFailure(answer)) return answer;
  if (answer.status >= 200 && answer.status < 300) return { ok: true, result: (answer.json ?? {}) as Posted };
  // The held token was refused (revoked, or expired early): one fresh token, one more try.
  if (answer.status === 401 && !fresh) return postActivity(credentials, url, activity, true);
  const error = answer.json as { error?: { code?: string; message?: string }; message?: string } | null;
  return failure(answer.status, `Microsoft Teams: ${error?.error?.message ?? error?.message ?? `HTTP ${answer.status}`}`, answer.retryAfterSeconds);
}

export const teams = {
  /** The app id and password checked with the token endpoint (a fresh token, never the one held). */
  verify: async (credentials: TeamsCredentials) => accessToken(credentials, true),
  sendToConversation: (credentials: TeamsCredentials, serviceUrl: string, conversationId: string, text: string) =>
    postActivity(credentials, providerUrl(serviceUrl, `v3/conversations/${encodeURIComponent(conversationId)}/activities`).href, { type: "message", text }, false),
  /**
   * A new thread in a Teams channel (`channelId`, the channel's conversation id 19:…): the Bot Connector's
   * "create conversation" with `isGroup`, the channel in `channelData` and the thread's first message; the
   * thread's root id (the post's activity id), or a 502 failure when the answer names none.
   */
  startChannelThread: async (credentials: TeamsCredentials, serviceUrl: string, channelId: string, text: string): Promise<ProviderAnswer<string>> => {
    const body = { isGroup: true, channelData: { channel: { id: channelId } }, activity: { type: "message", text, textFormat: "markdown" } };
    const posted = await postActivity(credentials, providerUrl(serviceUrl, "v3/conversations").href, body, false);
    if (!posted.ok) return posted;
    const root = typeof posted.result.activityId === "string" ? posted.result.activityId : typeof posted.result.id === "string" ? threadRootOf(posted.result.id) : null;
    return root ? { ok: true, result: root } : failure(502, "Microsoft Teams: the new conversation names no activity.", null);
  },
  /** A reply to a chat: to the Bot Connector its inbound activity named (channels/inbound.ts kept it before the job was queued). */
  replyInChat: async (db: Db, credentials: TeamsCredentials, channelId: string, chatKey: string, text: string) => {
    const serviceUrl = await serviceUrlOf(db, channelId, chatKey);
    if (!serviceUrl) return { ok: false as const, status: 404, message: "Microsoft Teams: no Bot Connector is known for this conversation.", retryAfterSeconds: null, permanent: true };
    return teams.sendToConversation(credentials, serviceUrl, chatKey, text);
  },
};

/** Where a chat's replies go: the Bot Connector its last verified activity named (null: none known). */
export async function serviceUrlOf(db: Db, channelId: string, chatKey: string): Promise<string | null> {
  const { rows } = await poolOf(db).query<{ service_url: string | null }>({
    name: "channels_teams_service_url",
    text: `SELECT service_url FROM channel_chats WHERE channel_id = $1::uuid AND chat_key = $2`,
    values: [channelId, chatKey],
  });
  return rows[0]?.service_url ?? null;
}

/**
 * Keeps the Bot Connector of a verified activity: the channel's (where handoff posts go: the last one the bot
 * was sent from) and, for an activity that is answered, the chat's. Each written only when it changed (a
 * chat's first activity, or Microsoft moved it); one statement.
 */
export async function rememberServiceUrl(db: Db, channelId: string, chatKey: string | null, serviceUrl: string): Promise<void> {
  await poolOf(db).query({
    name: "channels_teams_remember_service_url",
    text: `WITH c AS (UPDATE channels SET service_url = $3 WHERE id = $1::uuid AND service_url IS DISTINCT FROM $3)
           INSERT INTO channel_chats (channel_id, chat_key, service_url) SELECT $1::uuid, $2, $3 WHERE $2::text IS NOT NULL
           ON CONFLICT (channel_id, chat_key) DO UPDATE SET service_url = EXCLUDED.service_url WHERE channel_chats.service_url IS DISTINCT FROM EXCLUDED.service_url`,
    values: [channelId, chatKey, serviceUrl],
  });
}


/** The part of a Bot Framework activity the channel reads. */
export interface TeamsActivity {
  type?: unknown;
  id?: unknown;
  channelId?: unknown;
  serviceUrl?: unknown;
  text?: unknown;
  from?: { id?: unknown };
  recipient?: { id?: unknown };
  conversation?: { id?: unknown; conversationType?: unknown };
  membersAdded?: Array<{ id?: unknown }>;
  entities?: Array<{ type?: unknown; mentioned?: { id?: unknown } }>;
}

/** A message's text without its `<at>…</at>` mentions (of the bot, or of anyone: a question, not an address). */
export const withoutMentions = (text: string) => text.replace(/<at>[^<]*<\/at>/g, "").trim().slice(0, 4000);

/** A greeting's event id starts so (the answer job says the welcome message instead of asking the engine). */
const GREETING_EVENT = "tmg:";
export const isTeamsGreeting = (eventId: string | null) => eventId?.startsWith(GREETING_EVENT) ?? false;

/** An activity's event id: its conversation and id, hashed (ids are unique within a conversation; the column takes any length this way). */
export const eventIdOf = (prefix: string, conversationId: string, activityId: string) => `${prefix}${createHash("sha256").update(`${conversationId}\n${activityId}`).digest("base64url")}`;

/** The chat key is the conversation id (a channel thread's includes `;messageid=`), at most what a job payload holds. */
const MAX_CHAT_KEY = 200;

export type TeamsWork = { chatKey: string; eventId: string; text: string } | { ignored: string };

/**
 * What an activity asks of the bot: a `message` in a personal chat, or one in a channel or group chat that
 * mentions the bot (the `<at>…</at>` mention taken out of the question), is answered; the bot itself added to
 * a conversation (`conversationUpdate`) is greeted. Everything else is ignored, with the reason for the log.
 */
export function teamsWork(activity: TeamsActivity): TeamsWork {
  const conversationId = activity.conversation?.id;
  const botId = activity.recipient?.id;
  if (typeof activity.id !== "string" || typeof conversationId !== "string" || !conversationId || typeof botId !== "string") return { ignored: "an activity without id, conversation or recipient" };
  if (conversationId.length > MAX_CHAT_KEY) return { ignored: "a conversation id longer than a chat key" };
  if (activity.type === "conversationUpdate") {
    const botAdded = Array.isArray(activity.membersAdded) && activity.membersAdded.some((m) => m?.id === botId);
    return botAdded ? { chatKey: conversationId, eventId: eventIdOf(GREETING_EVENT, conversationId, activity.id), text: "(added to the conversation)" } : { ignored: "a conversation update that does not add the bot" };
  }
  if (activity.type !== "message") return { ignored: `a ${String(activity.type)} activity` };
  if (activity.from?.id === botId) return { ignored: "the bot's own message" };
  if (typeof activity.text !== "string") return { ignored: "a message without text" };
  const personal = (activity.conversation?.conversationType ?? "personal") === "personal";
  const mentioned = Array.isArray(activity.entities) && activity.entities.some((e) => e?.type === "mention" && e.mentioned?.id === botId);
  if (!personal && !mentioned) return { ignored: "a channel message that does not mention the bot" };
  const text = withoutMentions(activity.text);
  if (!text) return { ignored: "a message without text" };
  return { chatKey: conversationId, eventId: eventIdOf("tm:", conversationId, activity.id), text };
}

/** A serviceUrl a reply may be posted to: an http(s) URL (it is the signed token's claim as well, teams-auth.ts). */
export const isServiceUrl = (value: unknown): value is string => typeof value === "string" && /^https?:\/\/[^\s]+$/.test(value) && URL.canParse(value);
