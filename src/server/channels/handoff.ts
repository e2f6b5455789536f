/**
 * The handoff channel (docs/decisions/073-slack-handoff-channel.md, 129-teams-handoff-channel.md): a chatbot's
 * Slack or Microsoft Teams channel may name a channel of that provider where every conversation that starts
 * waiting for a person is posted as a new thread (who, the last messages, a link to the inbox) — queued by a
 * trigger on the status change (sql/handoff-channel.sql), whichever path asked for the person — and a person's
 * reply in that thread is recorded as an agent reply through the inbox's path (conversations'
 * `postAgentMessage`): it reaches the visitor on the widget or any channel, and the conversation becomes
 * `human`. What differs by provider (the id's shape, the post, recognising a reply) is handoff-providers.ts.
 */
import type { JobHelpers } from "graphile-worker";
import { postAgentMessage } from "@/server/conversations";
import { poolOf, type Db } from "@/server/kernel/db/client";
import { env } from "@/server/kernel/env";
import { AppError, validationError } from "@/server/kernel/errors";
import { isUuid } from "@/server/kernel/lib/ids";
import { enqueueFromTask, job } from "@/server/kernel/jobs/registry";
import { credentialsOf, ENABLED_SQL, listChannels, type ChannelJson } from "./channels";
import { handoffProviderOf, type PostMarkup } from "./handoff-providers";
import { failureReason, retryOf } from "./provider-call";

/** How many of the conversation's last messages the post quotes. */
const QUOTED_MESSAGES = 5;

/** Names (or clears, null) the channel a Slack or Teams channel of the chatbot posts waiting conversations to; 422 for other kinds or a malformed id. */
export async function setHandoffChannel(db: Db, chatbotId: string, channelId: string, handoffChannel: string | null): Promise<ChannelJson> {
  const channel = isUuid(channelId) ? await db.channel.findFirst({ where: { id: channelId, chatbotId }, select: { id: true, kind: true } }) : null;
  if (!channel) throw new AppError("NOT_FOUND", "Channel not found.");
  const value = handoffChannel?.trim() || null;
  const provider = handoffProviderOf(channel.kind);
  if (value !== null && !provider) throw validationError({ handoff_channel: ["Only a Slack or a Microsoft Teams channel posts waiting conversations."] });
  if (value !== null && !provider!.channelId.test(value)) throw validationError({ handoff_channel: [provider!.malformed] });
  await db.channel.update({ where: { id: channel.id }, data: { handoffChannel: value } });
  return (await listChannels(db, chatbotId)).find((c) => c.id === channel.id)!;
}

interface PostContext {
  kind: string;
  credentials_ciphertext: string;
  service_url: string | null;
  handoff_channel: string | null;
  enabled: boolean;
  chatbot_id: string;
  chatbot_name: string;
  status: string;
  posted: boolean;
  who: string;
  source: string;
  messages: Array<{ role: string; content: string }>;
}

/** The post's text in the provider's markup: who waits, where from, the last messages, the inbox link; and how to answer. */
export function handoffPostText(
  c: Pick<PostContext, "chatbot_name" | "who" | "source" | "messages" | "chatbot_id">,
  conversationId: string,
  appUrl: string,
  markup: PostMarkup,
): string {
  const quote = (text: string) => markup.escape(text.replace(/\s+/g, " ").trim().slice(0, 300));
  const lines = c.messages.map((m) => `> ${markup.bold(`${m.role === "user" ? "Visitor" : m.role === "agent" ? "Agent" : "Bot"}:`)} ${quote(m.content)}`);
  const link = `${appUrl.replace(/\/$/, "")}/chatbots/${c.chatbot_id}/inbox?conversation=${conversationId}`;
  return [
    `${markup.icon} ${markup.escape(c.who)} on ${c.source} is waiting for a person (${markup.escape(c.chatbot_name)}).`,
    ...lines,
    `${markup.link(link, "Open in the inbox")} · Reply in this thread to answer the visitor.`,
  ].join(markup.lineBreak);
}

async function postContext(db: Db, channelId: string, conversationId: string): Promise<PostContext | null> {
  const { rows } = await poolOf(db).query<PostContext>({
    name: "channels_handoff_post_context",
    text: `SELECT ch.kind, ch.credentials_ciphertext, ch.service_url, ch.handoff_channel, ${ENABLED_SQL("ch.kind", "t")} AS enabled, b.id::text AS chatbot_id, b.name AS chatbot_name, c.status,
                  EXISTS (SELECT 1 FROM channel_handoff_threads h WHERE h.channel_id = ch.id AND h.conversation_id = c.id) AS posted,
                  coalesce((SELECT nullif(trim(concat_ws(' ', nullif(k.first_name, ''), nullif(k.last_name, ''), CASE WHEN k.email <> '' THEN '<' || k.email || '>' END)), '')
                              FROM contacts k WHERE k.chatbot_id = b.id AND k.visitor_id = c.visitor_id ORDER BY k.created_at DESC LIMIT 1), 'A visitor') AS who,
                  coalesce((SELECT CASE src.kind WHEN 'messaging_app_1' THEN 'WhatsApp' WHEN 'messaging_app_2' THEN 'Telegram' WHEN 'team_chat_1' THEN 'Slack' WHEN 'team_chat_2' THEN 'Microsoft Teams' END
                              FROM visitors v JOIN channels src ON v.visitor_key LIKE 'channel:%' AND src.id::text = split_part(v.visitor_key, ':', 2)
                             WHERE v.id = c.visitor_id), 'the website') AS source,
                  coalesce((SELECT json_agg(json_build_object('role', l.role, 'content', l.content) ORDER BY l.created_at, l.id)
                              FROM (SELECT m.role, m.content, m.created_at, m.id FROM messages m WHERE m.conversation_id = c.id
                                     ORDER BY m.created_at DESC, m.id DESC LIMIT ${QUOTED_MESSAGES}) l), '[]'::json) AS messages
             FROM channels ch JOIN chatbots b ON b.id = ch.chatbot_id AND b.deleted_at IS NULL JOIN teams t ON t.id = b.team_id
             JOIN conversations c ON c.id = $2::uuid AND c.chatbot_id = b.id
            WHERE ch.id = $1::uuid AND ch.kind IN ('team_chat_1', 'team_chat_2')`,
    values: [channelId, conversationId],
  });
  return rows[0] ?? null;
}

/**
 * Posts a waiting conversation to the handoff channel, once per conversation and channel, and links the
 * post's thread to it; a failure is retried like a reply (429 `retry_after`, backoff), a last failure logged.
 * (The job keeps the name it had when Slack was the only provider: jobs already queued still run.)
 */
export const slackHandoffPostJob = job("slack_handoff_post", async (db, payload, helpers: JobHelpers) => {
  const c = await postContext(db, payload.channel_id, payload.conversation_id);
  // The channel, the chatbot or the conversation gone, the handoff channel cleared, already posted, or no longer waiting: nothing to do.
  const provider = c ? handoffProviderOf(c.kind) : null;
  if (!c?.enabled || !provider || !c.handoff_channel || c.posted || c.status !== "waiting") return;
  const text = handoffPostText(c, payload.conversation_id, env().APP_URL, provider.markup);
  const sent = await provider.post({ credentials: credentialsOf(c.credentials_ciphertext), serviceUrl: c.service_url }, c.handoff_channel, text);
  if (sent.ok) {
    if (sent.result === null) return;
    await poolOf(db).query({
      name: "channels_handoff_thread",
      text: `INSERT INTO channel_handoff_threads (channel_id, conversation_id, slack_channel, thread_ts) VALUES ($1::uuid, $2::uuid, $3, $4) ON CONFLICT DO NOTHING`,
      values: [payload.channel_id, payload.conversation_id, c.handoff_channel, sent.result],
    });
    return;
  }
  const retry = retryOf(sent, payload);
  if (retry) return enqueueFromTask(helpers, "slack_handoff_post", { ...payload, ...retry.next }, { runAt: new Date(Date.now() + retry.inSeconds * 1000), maxAttempts: 3 });
  console.error(`[channels] conversation ${payload.conversation_id} was not posted to the handoff channel of ${payload.channel_id}: ${failureReason(sent, payload)}`);
});

/** A person's reply in a handoff thread, recorded as an agent reply (the inbox's path); a thread of no conversation (any more) is ignored. */
export const slackHandoffReplyJob = job("slack_handoff_reply", async (db, payload) => {
  const channel = await db.channel.findUnique({ where: { id: payload.channel_id }, select: { kind: true } });
  const thread = channel ? handoffProviderOf(channel.kind)?.threadOf(payload.chat_key) : null;
  if (!thread?.root) return;
  const { rows } = await poolOf(db).query<{ conversation_id: string; chatbot_id: string }>({
    name: "channels_handoff_reply_thread",
    text: `SELECT h.conversation_id::text, ch.chatbot_id::text
             FROM channel_handoff_threads h JOIN channels ch ON ch.id = h.channel_id JOIN chatbots b ON b.id = ch.chatbot_id AND b.deleted_at IS NULL JOIN teams t ON t.id = b.team_id
            WHERE h.channel_id = $1::uuid AND h.slack_channel = $2 AND h.thread_ts = $3 AND ${ENABLED_SQL("ch.kind", "t")}`,
    values: [payload.channel_id, thread.channel, thread.root],
  });
  const linked = rows[0];
  if (!linked) return;
  try {
    await postAgentMessage(db, linked.chatbot_id, linked.conversation_id, null, payload.text);
  } catch (error) {
    // Deleted since the thread was posted: nobody to answer.
    if (error instanceof AppError && error.code === "NOT_FOUND") return;
    throw error;
  }
});
