/**
 * A provider's delivery to `/api/channels/{channel_id}` (issue 24): checked
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
import { ENABLED_SQL } from "./channels";
import type { ChannelKind } from "./kinds";
import type { TelegramUpdate } from "./telegram";

export interface InboundRequest {
  headers: Headers;
  rawBody: string;
}

export interface InboundAnswer {
  status: number;
  body: unknown;
}

interface InboundChannel {
  id: string;
  kind: ChannelKind;
  webhook_secret: string;
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
    text: `SELECT ch.id::text, ch.kind, ch.webhook_secret, ${ENABLED_SQL("ch.kind", "t")} AS enabled
             FROM channels ch JOIN chatbots b ON b.id = ch.chatbot_id AND b.deleted_at IS NULL JOIN teams t ON t.id = b.team_id
            WHERE ch.id = $1::uuid`,
    values: [channelId],
  });
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** Records the event id and queues its answer, in one statement; false when the event was already taken. */
async function takeEvent(db: Db, channelId: string, eventId: string, payload: JobPayload<"channel_answer">): Promise<boolean> {
  const checked = JOB_PAYLOADS.channel_answer.parse(payload);
  const { rows } = await poolOf(db).query({
    name: "channels_take_event",
    text: `WITH e AS (INSERT INTO channel_events (channel_id, event_id) VALUES ($1::uuid, $2) ON CONFLICT DO NOTHING RETURNING 1)
           SELECT graphile_worker.add_job($3::text, $4::json, queue_name := $5::text, max_attempts := 3) FROM e`,
    // One queue per chat: its messages are answered in order, one at a time.
    values: [channelId, eventId, jobName("channel_answer"), JSON.stringify(checked), `channel:${channelId}:${payload.chat_key}`],
  });
  return rows.length > 0;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("BAD_REQUEST", "The body must be JSON.");
  }
}

/** A Telegram update: the secret token set with setWebhook, then one text message per update_id. */
async function telegramUpdate(db: Db, channel: InboundChannel, req: InboundRequest): Promise<InboundAnswer> {
  if (!sameSecret(req.headers.get("x-telegram-bot-api-secret-token"), channel.webhook_secret)) throw unauthorized("The X-Telegram-Bot-Api-Secret-Token header is missing or wrong.");
  if (!channel.enabled) return OK;
  const update = parseJson(req.rawBody) as TelegramUpdate;
  const message = update?.message;
  const chatId = message?.chat?.id;
  if (!Number.isSafeInteger(update?.update_id) || typeof message?.text !== "string" || (typeof chatId !== "number" && typeof chatId !== "string")) return OK;
  if (message.from?.is_bot) return OK;
  const text = message.text.slice(0, 4000);
  if (!text.trim()) return OK;
  await takeEvent(db, channel.id, `tg:${String(update.update_id)}`, { channel_id: channel.id, chat_key: String(chatId), text });
  return OK;
}

/** Dispatches a delivery by the channel's kind; errors are the documented JSON errors (401, 404, 400). */
export async function receiveChannelEvent(db: Db, channelId: string, req: InboundRequest): Promise<InboundAnswer> {
  const channel = await inboundChannel(db, channelId);
  switch (channel.kind) {
    case "messaging_app_2":
      return telegramUpdate(db, channel, req);
    default:
      throw notFound();
  }
}
