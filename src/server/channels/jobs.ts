/**
 * The channel's two jobs (docs/decisions/069-messaging-channels.md): answer a provider's message through the
 * one conversation engine (`runTurn`, source `channel`: metering, pauses,
 * suspension, handoff, leads and analytics as on the widget) and send the
 * reply — its first attempt in the answer job (one job per message on the
 * common path), its retries as `channel_send` jobs that wait out the
 * provider's 429 `retry_after`; a reply that still fails is shown on the
 * conversation in the inbox.
 */
import type { JobHelpers } from "graphile-worker";
import type { Chatbot } from "@/generated/prisma/client";
import { recordDeliveryFailure, recordedTurn, type TurnOutput } from "@/server/conversations";
import type { Db } from "@/server/kernel/db/client";
import { poolOf } from "@/server/kernel/db/client";
import { env } from "@/server/kernel/env";
import { toAppError } from "@/server/kernel/errors";
import { enqueueFromTask, job, JOB_PAYLOADS, jobName, type JobPayload } from "@/server/kernel/jobs/registry";
import { modelOfRow } from "@/server/kernel/db/rows";
import { credentialsOf, ENABLED_SQL } from "./channels";
import { isTelegramStart, type ChannelKind } from "./kinds";
import { failureReason, retryOf, type ProviderAnswer } from "./provider-call";
import { rateFromChat, ratingOfMessage } from "./ratings";
import { refusalWords, type WorkspaceStanding } from "./refusal";
import { slack, slackTarget, withEntities } from "./slack";
import { isTeamsGreeting, teams, type TeamsCredentials } from "./teams";
import { telegram } from "./telegram";
import { whatsapp } from "./whatsapp";
import { MICROSOFT_TEAMS, SLACK, TELEGRAM, WHATSAPP } from "@/shared/integrations";
import { textsInItsLanguage } from "@/shared/i18n/chatbot-texts";

interface JobChannel {
  id: string;
  kind: ChannelKind;
  chatbot_id: string;
  credentials_ciphertext: string;
  enabled: boolean;
}

async function jobChannel(db: Db, channelId: string): Promise<JobChannel | null> {
  const { rows } = await poolOf(db).query<JobChannel>({
    name: "channels_job_channel",
    text: `SELECT ch.id::text, ch.kind, ch.chatbot_id::text, ch.credentials_ciphertext, ${ENABLED_SQL("ch.kind", "t")} AS enabled
             FROM channels ch JOIN chatbots b ON b.id = ch.chatbot_id AND b.deleted_at IS NULL JOIN teams t ON t.id = b.team_id
            WHERE ch.id = $1::uuid`,
    values: [channelId],
  });
  return rows[0] ?? null;
}

/**
 * What an answer needs, in ONE statement: the channel (and whether the workspace still has its integration),
 * its chatbot as the engine takes it (the row as its Prisma model, kernel/db/rows.ts), and the conversation
 * the chat continues (null: its first message, or the conversation was deleted).
 */
async function answerContext(
  db: Db,
  channelId: string,
  chatKey: string,
  eventId: string | null,
): Promise<{ channel: JobChannel; chatbot: Chatbot; workspace: WorkspaceStanding; conversationId: string | null; ratingPending: boolean; replied: boolean } | null> {
  const { rows } = await poolOf(db).query<
    Record<string, unknown> & {
      ch_kind: ChannelKind;
      ch_credentials: string;
      ch_enabled: boolean;
      ch_conversation_id: string | null;
      ch_rating_pending: boolean | null;
      ch_replied: boolean;
      ch_status: string;
      ch_pause_mode: string | null;
    }
  >({
    name: "channels_answer_context",
    text: `SELECT b.*, ch.kind AS ch_kind, ch.credentials_ciphertext AS ch_credentials, ${ENABLED_SQL("ch.kind", "t")} AS ch_enabled,
                  t.status::text AS ch_status, t.pause_mode::text AS ch_pause_mode,
                  (SELECT cc.conversation_id::text FROM channel_chats cc WHERE cc.channel_id = ch.id AND cc.chat_key = $2) AS ch_conversation_id,
                  -- Asked to rate its resolved conversation and not rated yet (ratings.ts): a plain 1–5 is the rating.
                  (SELECT cc.rating_asked_at IS NOT NULL AND c.status = 'resolved' AND NOT EXISTS (SELECT 1 FROM conversation_ratings r WHERE r.conversation_id = c.id)
                     FROM channel_chats cc JOIN conversations c ON c.id = cc.conversation_id WHERE cc.channel_id = ch.id AND cc.chat_key = $2) AS ch_rating_pending,
                  EXISTS (SELECT 1 FROM channel_events e WHERE e.channel_id = ch.id AND e.event_id = $3 AND e.replied_at IS NOT NULL) AS ch_replied
             FROM channels ch JOIN chatbots b ON b.id = ch.chatbot_id AND b.deleted_at IS NULL JOIN teams t ON t.id = b.team_id
            WHERE ch.id = $1::uuid`,
    values: [channelId, chatKey, eventId],
  });
  if (!rows[0]) return null;
  const { ch_kind, ch_credentials, ch_enabled, ch_conversation_id, ch_rating_pending, ch_replied, ch_status, ch_pause_mode, ...columns } = rows[0];
  const chatbot = modelOfRow<Chatbot>(columns);
  return {
    channel: { id: channelId, kind: ch_kind, chatbot_id: chatbot.id, credentials_ciphertext: ch_credentials, enabled: ch_enabled },
    chatbot,
    workspace: { status: ch_status, pauseMode: ch_pause_mode },
    conversationId: ch_conversation_id,
    ratingPending: ch_rating_pending === true,
    replied: ch_replied,
  };
}

/** The conversation a chat continues from now on (a write only when it changed: a chat's first answer, or a new conversation, which has not been asked to rate). */
async function rememberChat(db: Db, channelId: string, chatKey: string, conversationId: string) {
  await poolOf(db).query({
    name: "channels_remember_chat",
    text: `INSERT INTO channel_chats (channel_id, chat_key, conversation_id) VALUES ($1::uuid, $2, $3::uuid)
           ON CONFLICT (channel_id, chat_key) DO UPDATE SET conversation_id = EXCLUDED.conversation_id, rating_asked_at = NULL`,
    values: [channelId, chatKey, conversationId],
  });
}

type SendPayload = JobPayload<"channel_send">;

async function deliver(db: Db, channel: JobChannel, chatKey: string, text: string): Promise<ProviderAnswer<unknown>> {
  const credentials = credentialsOf(channel.credentials_ciphertext);
  switch (channel.kind) {
    case TELEGRAM:
      return telegram.sendMessage(credentials.bot_token!, chatKey, text);
    case WHATSAPP:
      return whatsapp.sendText(credentials.access_token!, credentials.phone_number_id!, chatKey, text);
    case SLACK: {
      const target = slackTarget(chatKey);
      return slack.postMessage(credentials.bot_token!, target.channel, withEntities(text), target.threadTs);
    }
    case MICROSOFT_TEAMS:
      return teams.replyInChat(db, credentials as unknown as TeamsCredentials, channel.id, chatKey, withEntities(text));
  }
}

/**
 * One attempt to send a reply; a failure is retried by a `channel_send` job — at the provider's
 * `retry_after` for a 429 (not counted as an attempt), with backoff for a network error or a 5xx, up to
 * CHANNEL_SEND_ATTEMPTS — or, when retrying cannot help or the attempts are spent, shown on the message in the inbox.
 * `eventId` (the answer job's first attempt): the event is marked replied once the reply has left — taken by
 * the provider, or handed to its retry job in the same statement — so a retried answer job sends nothing more.
 */
async function send(db: Db, helpers: JobHelpers, channel: JobChannel, payload: SendPayload, eventId: string | null = null): Promise<void> {
  const sent = await deliver(db, channel, payload.chat_key, payload.text);
  if (sent.ok) return eventId ? markReplied(db, channel.id, eventId) : undefined;
  const retry = retryOf(sent, payload);
  if (retry) {
    const next = { ...payload, ...retry.next };
    const runAt = new Date(Date.now() + retry.inSeconds * 1000);
    return eventId ? handReplyToRetry(db, channel.id, eventId, next, runAt) : enqueueFromTask(helpers, "channel_send", next, { runAt, maxAttempts: 3 });
  }
  const reason = failureReason(sent, payload);
  if (payload.message_id) await recordDeliveryFailure(db, payload.message_id, reason);
  else console.error(`[channels] a reply on channel ${channel.id} was not delivered: ${reason}`);
  if (eventId) await markReplied(db, channel.id, eventId);
}

/** The event's reply has left (docs/decisions/083-channel-answers-once-across-a-crash.md). */
async function markReplied(db: Db, channelId: string, eventId: string): Promise<void> {
  await poolOf(db).query({
    name: "channels_mark_replied",
    text: `UPDATE channel_events SET replied_at = now() WHERE channel_id = $1::uuid AND event_id = $2 AND replied_at IS NULL`,
    values: [channelId, eventId],
  });
}

/** The reply's retry job, queued in the statement that marks the event replied: both happen, or neither. */
async function handReplyToRetry(db: Db, channelId: string, eventId: string, payload: SendPayload, runAt: Date): Promise<void> {
  await poolOf(db).query({
    name: "channels_hand_reply_to_retry",
    text: `WITH e AS (UPDATE channel_events SET replied_at = now() WHERE channel_id = $1::uuid AND event_id = $2 AND replied_at IS NULL RETURNING 1)
           SELECT graphile_worker.add_job($3::text, $4::json, run_at := $5::timestamptz, max_attempts := 3) FROM e`,
    values: [channelId, eventId, jobName("channel_send"), JSON.stringify(JOB_PAYLOADS.channel_send.parse(payload)), runAt],
  });
}

/** The test hook `CHANNEL_FAILPOINT`: the worker dies here, as a crash would (never set in production). */
function failpoint(step: "after-turn" | "after-reply") {
  if (env().CHANNEL_FAILPOINT === step) process.kill(process.pid, "SIGKILL");
}

/** A chat's message as the channel knows it, for the engine call the transport makes of it. */
export interface ChannelMessage {
  chatbot: Chatbot;
  channelId: string;
  /** The provider's chat, the payload's `chat_key` (a Telegram chat, a WhatsApp number, a Slack channel and thread). */
  chatKey: string;
  text: string;
  /** The conversation the chat continues; null: its first message, or its conversation was deleted. */
  conversationId: string | null;
  /** The turn's key: the channel and the provider's event (null for a job queued before events were carried). */
  turnKey: string | null;
}

/** The engine call of a chat's message: the transport's adapter (transport/channel-events.ts), like every surface's. */
export type AnswerChannelMessage = (db: Db, message: ChannelMessage) => Promise<TurnOutput>;

/**
 * Exactly once per provider event, across a crash (docs/decisions/083-channel-answers-once-across-a-crash.md):
 * the turn is recorded under the event's key (`turnKey`, in the turn's transaction) and the event is marked
 * when its reply has left. A retry of the job (its worker died before completing it) therefore answers and
 * charges nothing again: an event already replied to does nothing; an event whose turn is recorded sends
 * the recorded answer. The engine call is `answerMessage`, the transport's adapter (registered with the job
 * in transport/workers.ts: a capability never imports a transport).
 */
export const channelAnswerJob = (answerMessage: AnswerChannelMessage) => job("channel_answer", async (db, payload, helpers: JobHelpers) => {
  const eventId = payload.event_id ?? null;
  const context = await answerContext(db, payload.channel_id, payload.chat_key, eventId);
  // Disconnected since the event came (deleted, or the integration removed from the workspace): no answer.
  if (!context?.channel.enabled || context.replied) return;
  const { channel, chatbot } = context;
  const reply = async (text: string, messageId: string | null) => {
    await send(db, helpers, channel, { channel_id: channel.id, chat_key: payload.chat_key, text, message_id: messageId, attempt: 1, waits: 0 }, eventId);
    failpoint("after-reply");
  };
  // A rating (a choice on the prompt, or a plain 1–5 while one is pending): recorded and thanked for, no turn.
  const rating = ratingOfMessage(payload, context);
  if (rating) return reply(await rateFromChat(db, channel, chatbot, payload.chat_key, rating), null);
  // Telegram's /start, the Teams bot added to a conversation: the welcome message, no turn.
  const greeting = channel.kind === TELEGRAM ? isTelegramStart(payload.text) : channel.kind === MICROSOFT_TEAMS && isTeamsGreeting(eventId);
  if (greeting) return reply(textsInItsLanguage(chatbot).welcomeMessage, null);
  const turnKey = eventId ? `${channel.id}:${eventId}` : null;
  const recorded = turnKey ? await recordedTurn(db, chatbot.id, turnKey) : null;
  if (recorded) {
    if (recorded.conversationId !== context.conversationId) await rememberChat(db, channel.id, payload.chat_key, recorded.conversationId);
    return recorded.answer ? reply(recorded.answer.content, recorded.answer.id) : undefined;
  }
  let answer;
  try {
    answer = await answerMessage(db, { chatbot, channelId: channel.id, chatKey: payload.chat_key, text: payload.text, conversationId: context.conversationId, turnKey });
  } catch (error) {
    const refusal = toAppError(error);
    // A failure of ours (5xx): the job is retried, nothing was charged. A refusal (switched off, paused, suspended, no credit): the widget's
    // dead-end words in the chatbot's voice and language (refusal.ts), sent once for the event like any reply; another refusal (the message itself) as the API words it.
    if (refusal.status >= 500) throw error;
    const cannotAnswer = refusal.status === 402 || refusal.status === 423;
    return reply(cannotAnswer ? refusalWords(chatbot, context.workspace) : refusal.message, null);
  }
  failpoint("after-turn");
  if (answer.conversation_id !== context.conversationId) await rememberChat(db, channel.id, payload.chat_key, answer.conversation_id);
  // A person has the conversation: the message is recorded (the inbox shows it); the bot says nothing.
  if ("handoff" in answer) return;
  await reply(answer.message.content, answer.message.id);
});

/** A reply's retry (see `send`). */
export const channelSendJob = job("channel_send", async (db, payload, helpers: JobHelpers) => {
  const channel = await jobChannel(db, payload.channel_id);
  if (!channel?.enabled) return;
  await send(db, helpers, channel, payload);
});
