/**
 * A provider's delivery to `/api/channels/{channel_id}` (docs/decisions/069-messaging-channels.md): checked
 * (401 unsigned), de-duplicated by the provider's event id (providers retry)
 * and queued for the answer job in ONE statement; never answered inside the
 * request, so the provider gets its 200 at once. A channel whose integration
 * the workspace no longer has gets 200 and no answer.
 */
import { timingSafeEqual } from "node:crypto";
import { poolOf, type Db } from "@/server/kernel/db/client";
import { AppError } from "@/server/kernel/errors";
import { isUuid } from "@/server/kernel/lib/ids";
import { JOB_PAYLOADS, jobName, type JobPayload } from "@/server/kernel/jobs/registry";
import { credentialsOf, ENABLED_SQL } from "./channels";
import { slackInHandoffChannel, slackThreadReply, teamsInHandoffChannel, teamsThreadReply, type ThreadReply } from "./handoff-providers";
import type { ChannelKind } from "./kinds";
import { ratingChoice } from "./ratings";
import { SLACK_WINDOW_SECONDS, slackBlockAction, slackQuestion, slackSignature, type SlackEnvelope } from "./slack";
import { isServiceUrl, rememberServiceUrl, teamsWork, type TeamsActivity, type TeamsWork } from "./teams";
import { verifyTeamsActivityToken } from "./teams-auth";
import type { TelegramUpdate } from "./telegram";
import { whatsappSignature, whatsappTexts, type WhatsAppDelivery } from "./whatsapp";
import { MICROSOFT_TEAMS, SLACK, TELEGRAM, WHATSAPP } from "@/shared/integrations";

export interface InboundRequest {
  headers: Headers;
  rawBody: string;
}

export interface InboundAnswer {
  status: number;
  /** JSON, or `text` (WhatsApp's handshake answers the challenge as plain text). */
  body?: unknown;
  text?: string;
}

interface InboundChannel {
  id: string;
  kind: ChannelKind;
  webhook_secret: string;
  credentials_ciphertext: string;
  handoff_channel: string | null;
  enabled: boolean;
}

const notFound = () => new AppError("NOT_FOUND", "Channel not found.");
const unauthorized = (message: string) => new AppError("UNAUTHENTICATED", message);
const OK: InboundAnswer = { status: 200, body: { ok: true } };

export function sameSecret(given: string | null, expected: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function inboundChannel(db: Db, channelId: string): Promise<InboundChannel> {
  if (!isUuid(channelId)) throw notFound();
  const { rows } = await poolOf(db).query<InboundChannel>({
    name: "channels_inbound",
    text: `SELECT ch.id::text, ch.kind, ch.webhook_secret, ch.credentials_ciphertext, ch.handoff_channel, ${ENABLED_SQL("ch.kind", "t")} AS enabled
             FROM channels ch JOIN chatbots b ON b.id = ch.chatbot_id AND b.deleted_at IS NULL JOIN teams t ON t.id = b.team_id
            WHERE ch.id = $1::uuid`,
    values: [channelId],
  });
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** Records the event id and queues its job (the answer, or a handoff thread's reply), in one statement; false when the event was already taken. */
async function takeEvent(db: Db, channelId: string, eventId: string, payload: JobPayload<"channel_answer">, name: "channel_answer" | "slack_handoff_reply" = "channel_answer"): Promise<boolean> {
  // The event id travels with the answer: it keys the turn (docs/decisions/083-channel-answers-once-across-a-crash.md).
  const checked = JOB_PAYLOADS[name].parse({ ...payload, event_id: eventId });
  const { rows } = await poolOf(db).query({
    name: "channels_take_event",
    text: `WITH e AS (INSERT INTO channel_events (channel_id, event_id) VALUES ($1::uuid, $2) ON CONFLICT DO NOTHING RETURNING 1)
           SELECT graphile_worker.add_job($3::text, $4::json, queue_name := $5::text, max_attempts := 3) FROM e`,
    // One queue per chat: its messages are answered in order, one at a time.
    values: [channelId, eventId, jobName(name), JSON.stringify(checked), `channel:${channelId}:${payload.chat_key}`],
  });
  return rows.length > 0;
}

/** A person's reply in a handoff thread, taken once (by the provider's event) and queued for the reply job. */
const takeThreadReply = (db: Db, channelId: string, reply: ThreadReply) =>
  takeEvent(db, channelId, reply.eventId, { channel_id: channelId, chat_key: reply.chatKey, text: reply.text }, "slack_handoff_reply");

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("BAD_REQUEST", "The body must be JSON.");
  }
}

/** A press of a rating button (ratings.ts): the chat it was in, the rating, the query to answer; else ignored. */
async function telegramRating(db: Db, channel: InboundChannel, update: TelegramUpdate): Promise<InboundAnswer> {
  const query = update.callback_query;
  const chatId = query?.message?.chat?.id;
  const rating = ratingChoice(query?.data);
  if (!rating || typeof query?.id !== "string" || (typeof chatId !== "number" && typeof chatId !== "string")) return OK;
  const chatKey = String(chatId);
  await takeEvent(db, channel.id, `tg:${String(update.update_id)}`, { channel_id: channel.id, chat_key: chatKey, text: String(rating.score), rating: { ...rating, callback_id: query.id } });
  return OK;
}

/** A Telegram update: the secret token set with setWebhook, then one text message (or rating button press) per update_id. */
async function telegramUpdate(db: Db, channel: InboundChannel, req: InboundRequest): Promise<InboundAnswer> {
  if (!sameSecret(req.headers.get("x-telegram-bot-api-secret-token"), channel.webhook_secret)) throw unauthorized("The X-Telegram-Bot-Api-Secret-Token header is missing or wrong.");
  if (!channel.enabled) return OK;
  const update = parseJson(req.rawBody) as TelegramUpdate;
  if (Number.isSafeInteger(update?.update_id) && update.callback_query) return telegramRating(db, channel, update);
  const message = update?.message;
  const chatId = message?.chat?.id;
  if (!Number.isSafeInteger(update?.update_id) || typeof message?.text !== "string" || (typeof chatId !== "number" && typeof chatId !== "string")) return OK;
  if (message.from?.is_bot) return OK;
  const text = message.text.slice(0, 4000);
  if (!text.trim()) return OK;
  await takeEvent(db, channel.id, `tg:${String(update.update_id)}`, { channel_id: channel.id, chat_key: String(chatId), text });
  return OK;
}

/** A WhatsApp delivery: `X-Hub-Signature-256` of the raw body with the app secret; each text message once (by its id); statuses and the rest tolerated. */
async function whatsappDelivery(db: Db, channel: InboundChannel, req: InboundRequest): Promise<InboundAnswer> {
  const credentials = credentialsOf(channel.credentials_ciphertext);
  if (!sameSecret(req.headers.get("x-hub-signature-256"), whatsappSignature(credentials.app_secret!, req.rawBody))) {
    throw unauthorized("The X-Hub-Signature-256 header is missing or does not sign this body.");
  }
  if (!channel.enabled) return OK;
  for (const message of whatsappTexts(parseJson(req.rawBody) as WhatsAppDelivery, credentials.phone_number_id!)) {
    // A row chosen on the rating list (ratings.ts) is a rating; another interactive reply reads as its title.
    const rating = ratingChoice(message.choice);
    await takeEvent(db, channel.id, `wa:${message.id}`, { channel_id: channel.id, chat_key: message.from, text: rating ? String(rating.score) : message.text, ...(rating ? { rating } : {}) });
  }
  return OK;
}

/** A Slack Events API request: the `v0` signature within the 5-minute window; `url_verification` answered; each event once (by event_id). */
async function slackEvent(db: Db, channel: InboundChannel, req: InboundRequest): Promise<InboundAnswer> {
  const timestamp = req.headers.get("x-slack-request-timestamp") ?? "";
  const age = Math.abs(Date.now() / 1000 - Number(timestamp));
  if (!/^\d+$/.test(timestamp) || !(age <= SLACK_WINDOW_SECONDS)) throw unauthorized("The X-Slack-Request-Timestamp header is missing or outside the 5-minute window.");
  const credentials = credentialsOf(channel.credentials_ciphertext);
  if (!sameSecret(req.headers.get("x-slack-signature"), slackSignature(credentials.signing_secret!, timestamp, req.rawBody))) {
    throw unauthorized("The X-Slack-Signature header is missing or does not sign this request.");
  }
  // An interactivity request (a click on a rating button, ratings.ts) comes form-encoded to the same URL, signed the same way.
  if (req.rawBody.startsWith("payload=")) return slackRating(db, channel, req.rawBody);
  const envelope = parseJson(req.rawBody) as SlackEnvelope;
  if (envelope?.type === "url_verification" && typeof envelope.challenge === "string") return { status: 200, body: { challenge: envelope.challenge } };
  if (!channel.enabled || envelope?.type !== "event_callback" || typeof envelope.event_id !== "string") return OK;
  // The handoff channel's threads are the agents' (channels/handoff.ts): a reply there goes to the visitor; the bot answers nothing there.
  const reply = slackThreadReply(envelope, channel.handoff_channel);
  if (reply) await takeThreadReply(db, channel.id, reply);
  const question = slackInHandoffChannel(envelope, channel.handoff_channel) ? null : slackQuestion(envelope);
  if (question) await takeEvent(db, channel.id, `sl:${envelope.event_id}`, { channel_id: channel.id, chat_key: question.chatKey, text: question.text });
  return OK;
}

/** A Slack `block_actions` payload: a rating button's click, taken once per click; anything else is acknowledged and ignored. */
async function slackRating(db: Db, channel: InboundChannel, rawBody: string): Promise<InboundAnswer> {
  const action = channel.enabled ? slackBlockAction(rawBody) : null;
  const rating = ratingChoice(action?.value);
  if (action && rating) await takeEvent(db, channel.id, `sl:${action.eventId}`, { channel_id: channel.id, chat_key: action.chatKey, text: String(rating.score), rating });
  return { status: 200 };
}

/**
 * A Bot Framework activity (docs/decisions/118-teams-bot-framework.md): its bearer token checked for this bot and
 * this `serviceUrl` before anything is read or written (teams-auth.ts); then a question or a greeting taken
 * once per activity, the chat's Bot Connector kept for the reply. Anything else is ignored with a log line.
 */
async function teamsActivity(db: Db, channel: InboundChannel, req: InboundRequest): Promise<InboundAnswer> {
  if (!req.headers.get("authorization")) throw unauthorized("The Authorization header with the Bot Framework's bearer token is missing.");
  const activity = parseJson(req.rawBody) as TeamsActivity;
  if (!isServiceUrl(activity?.serviceUrl)) throw new AppError("BAD_REQUEST", "The activity's serviceUrl must be an http(s) URL.");
  const appId = credentialsOf(channel.credentials_ciphertext).app_id!;
  await verifyTeamsActivityToken(req.headers.get("authorization"), appId, { serviceUrl: activity.serviceUrl, channelId: typeof activity.channelId === "string" ? activity.channelId : null });
  if (!channel.enabled) return OK;
  // The handoff channel's threads are the agents' (channels/handoff.ts): a person's reply there goes to the visitor; the bot answers nothing there.
  // Every verified activity names the Bot Connector of its tenant: the channel's handoff posts go there.
  const reply = teamsThreadReply(activity, channel.handoff_channel);
  if (reply) {
    await rememberServiceUrl(db, channel.id, null, activity.serviceUrl);
    await takeThreadReply(db, channel.id, reply);
    return OK;
  }
  const work: TeamsWork = teamsInHandoffChannel(activity, channel.handoff_channel) ? { ignored: "an activity in the handoff channel" } : teamsWork(activity);
  await rememberServiceUrl(db, channel.id, "ignored" in work ? null : work.chatKey, activity.serviceUrl);
  if ("ignored" in work) {
    console.info(`[channels] Teams channel ${channel.id} ignored ${work.ignored}.`);
    return OK;
  }
  await takeEvent(db, channel.id, work.eventId, { channel_id: channel.id, chat_key: work.chatKey, text: work.text });
  return OK;
}

/** Dispatches a delivery by the channel's kind; errors are the documented JSON errors (401, 404, 400). */
export async function receiveChannelEvent(db: Db, channelId: string, req: InboundRequest): Promise<InboundAnswer> {
  const channel = await inboundChannel(db, channelId);
  switch (channel.kind) {
    case TELEGRAM:
      return telegramUpdate(db, channel, req);
    case WHATSAPP:
      return whatsappDelivery(db, channel, req);
    case SLACK:
      return slackEvent(db, channel, req);
    case MICROSOFT_TEAMS:
      return teamsActivity(db, channel, req);
  }
}

/**
 * WhatsApp's subscription handshake (`GET` with `hub.mode=subscribe`, `hub.verify_token`, `hub.challenge`):
 * the challenge as plain text when the verify token is the channel's, else 403.
 */
export async function verifyChannelSubscription(db: Db, channelId: string, query: URLSearchParams): Promise<InboundAnswer> {
  const channel = await inboundChannel(db, channelId);
  if (channel.kind !== WHATSAPP) throw notFound();
  const challenge = query.get("hub.challenge");
  if (query.get("hub.mode") !== "subscribe" || !sameSecret(query.get("hub.verify_token"), channel.webhook_secret) || !challenge) {
    throw new AppError("FORBIDDEN", "The hub.verify_token does not match this channel's verify token.");
  }
  return { status: 200, text: challenge };
}
