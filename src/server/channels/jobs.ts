/**
 * The channel's two jobs (issue 24): answer a provider's message through the
 * one conversation engine (`runTurn`, source `channel`: metering, pauses,
 * suspension, handoff, leads and analytics as on the widget), then send the
 * reply — a job of its own, retried, waiting out the provider's 429
 * `retry_after`; a reply that still fails is shown on the conversation in the
 * inbox.
 */
import type { JobHelpers } from "graphile-worker";
import type { Chatbot } from "@/generated/prisma/client";
import { recordDeliveryFailure, runTurn } from "@/server/conversations";
import type { Db } from "@/server/kernel/db/client";
import { poolOf } from "@/server/kernel/db/client";
import { env } from "@/server/kernel/env";
import { toAppError } from "@/server/kernel/errors";
import { enqueue, enqueueFromTask, job, type JobPayload } from "@/server/kernel/jobs/registry";
import { credentialsOf, ENABLED_SQL } from "./channels";
import { isTelegramStart, type ChannelKind } from "./kinds";
import type { ProviderAnswer } from "./provider-call";
import { slack, slackTarget } from "./slack";
import { telegram } from "./telegram";
import { whatsapp } from "./whatsapp";

/** A provider asking to wait longer than this (or this many times) is treated as a failure. */
const MAX_RETRY_AFTER_SECONDS = 3600;
const MAX_WAITS = 20;

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

/** The conversation a chat continues (null: its first message, or the conversation was deleted). */
async function chatConversation(db: Db, channelId: string, chatKey: string): Promise<string | null> {
  const found = await db.channelChat.findUnique({ where: { channelId_chatKey: { channelId, chatKey } }, select: { conversationId: true } });
  return found?.conversationId ?? null;
}

type SendPayload = JobPayload<"channel_send">;

/** Remembers the chat's conversation and queues the reply, in one transaction (a retried answer job cannot queue it twice: job key = the message). */
async function rememberAndReply(db: Db, channelId: string, chatKey: string, conversationId: string | null, reply: Omit<SendPayload, "attempt" | "waits"> | null) {
  await db.$transaction(async (tx) => {
    if (conversationId) {
      await tx.channelChat.upsert({
        where: { channelId_chatKey: { channelId, chatKey } },
        create: { channelId, chatKey, conversationId },
        update: { conversationId },
      });
    }
    if (reply) await enqueue(tx, "channel_send", { ...reply, attempt: 1, waits: 0 }, { maxAttempts: 3, ...(reply.message_id ? { jobKey: `channel_send:${reply.message_id}` } : {}) });
  });
}

export const channelAnswerJob = job("channel_answer", async (db, payload) => {
  const channel = await jobChannel(db, payload.channel_id);
  // Disconnected since the event came (deleted, or the integration removed from the workspace): no answer.
  if (!channel?.enabled) return;
  const chatbot: Chatbot | null = await db.chatbot.findFirst({ where: { id: channel.chatbot_id, deletedAt: null } });
  if (!chatbot) return;
  const base = { channel_id: channel.id, chat_key: payload.chat_key };
  if (channel.kind === "messaging_app_2" && isTelegramStart(payload.text)) {
    await rememberAndReply(db, channel.id, payload.chat_key, null, { ...base, text: chatbot.welcomeMessage, message_id: null });
    return;
  }
  const conversationId = await chatConversation(db, channel.id, payload.chat_key);
  let answer;
  try {
    answer = await runTurn(db, { chatbot, visitorKey: `channel:${channel.id}:${payload.chat_key}`, source: "channel" }, { message: payload.text, conversation_id: conversationId });
  } catch (error) {
    const refusal = toAppError(error);
    // A failure of ours (5xx): the job is retried, nothing was charged. A refusal (paused, suspended, no credit, …): the visitor is told, as on the widget.
    if (refusal.status >= 500) throw error;
    await rememberAndReply(db, channel.id, payload.chat_key, null, { ...base, text: refusal.message, message_id: null });
    return;
  }
  // A person has the conversation: the message is recorded (the inbox shows it); the bot says nothing.
  if ("handoff" in answer) return rememberAndReply(db, channel.id, payload.chat_key, answer.conversation_id, null);
  await rememberAndReply(db, channel.id, payload.chat_key, answer.conversation_id, { ...base, text: answer.message.content, message_id: answer.message.id });
});

async function deliver(channel: JobChannel, chatKey: string, text: string): Promise<ProviderAnswer<unknown>> {
  const credentials = credentialsOf(channel.credentials_ciphertext);
  switch (channel.kind) {
    case "messaging_app_2":
      return telegram.sendMessage(credentials.bot_token!, chatKey, text);
    case "messaging_app_1":
      return whatsapp.sendText(credentials.access_token!, credentials.phone_number_id!, chatKey, text);
    case "team_chat_1": {
      const target = slackTarget(chatKey);
      return slack.postMessage(credentials.bot_token!, target.channel, text, target.threadTs);
    }
  }
}

/** Seconds before the next attempt after `attempt` failures: 2, 4, 8, … up to 5 minutes. */
export const backoffSeconds = (attempt: number) => Math.min(300, 2 ** attempt);

export const channelSendJob = job("channel_send", async (db, payload, helpers: JobHelpers) => {
  const channel = await jobChannel(db, payload.channel_id);
  if (!channel?.enabled) return;
  const sent = await deliver(channel, payload.chat_key, payload.text);
  if (sent.ok) return;
  const again = (runInSeconds: number, next: Partial<SendPayload>) =>
    enqueueFromTask(helpers, "channel_send", { ...payload, ...next }, { runAt: new Date(Date.now() + runInSeconds * 1000), maxAttempts: 3 });
  if (sent.status === 429 && sent.retryAfterSeconds !== null && sent.retryAfterSeconds <= MAX_RETRY_AFTER_SECONDS && payload.waits < MAX_WAITS) {
    return again(Math.max(0, sent.retryAfterSeconds), { waits: payload.waits + 1 });
  }
  if (!sent.permanent && payload.attempt < env().CHANNEL_SEND_ATTEMPTS) return again(backoffSeconds(payload.attempt), { attempt: payload.attempt + 1 });
  const reason = `${sent.message}${sent.permanent ? "" : ` (after ${payload.attempt} attempts)`}`;
  if (payload.message_id) await recordDeliveryFailure(db, payload.message_id, reason);
  else console.error(`[channels] a reply on channel ${channel.id} was not delivered: ${reason}`);
});
