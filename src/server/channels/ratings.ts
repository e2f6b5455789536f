/**
 * The rating of a resolved conversation on Telegram, WhatsApp and Slack
 * (docs/decisions/130-ratings-on-the-channels.md): when a chat's conversation is resolved, its person is asked
 * "How was this conversation?" with the provider's choices — Telegram's inline buttons, a WhatsApp list,
 * Slack's Block Kit buttons — each carrying `rate:{conversation_id}:{score}`. A choice, or a plain "1".."5"
 * while the chat's rating is pending, is recorded by the conversations capability's `recordRating` under the
 * same rules as the widget's (1–5, only the chat's own conversation, only once resolved, again replaces it),
 * so `conversation.rated` and analytics' CSAT include it. Teams gets no prompt.
 */
import type { Chatbot } from "@/generated/prisma/client";
import { recordRating, widgetRatingSchema } from "@/server/conversations";
import { poolOf, type Db } from "@/server/kernel/db/client";
import { AppError, toAppError } from "@/server/kernel/errors";
import { job, type JobPayload } from "@/server/kernel/jobs/registry";
import { parseOrThrow } from "@/server/kernel/lib/validate";
import { fill } from "@/shared/i18n/fill";
import { messagesFor } from "@/shared/i18n/messages";
import { SLACK, TELEGRAM, WHATSAPP } from "@/shared/integrations";
import { credentialsOf, ENABLED_SQL } from "./channels";
import type { ChannelKind } from "./kinds";
import type { ProviderAnswer } from "./provider-call";
import { slack, slackTarget } from "./slack";
import { telegram } from "./telegram";
import { whatsapp } from "./whatsapp";

const SCORES = [1, 2, 3, 4, 5] as const;

/** The visitor of a chat: its conversations belong to it (the engine's turns and the ratings use the same key). */
export const channelVisitorKey = (channelId: string, chatKey: string) => `channel:${channelId}:${chatKey}`;

/** A choice's data (Telegram's callback_data ≤ 64 bytes, a WhatsApp row id, a Slack button value). */
export const ratingChoiceData = (conversationId: string, score: number) => `rate:${conversationId}:${score}`;

/** A choice's data back to the conversation and the score (any integer: one outside 1–5 is refused when recorded); null: not a rating. */
export function ratingChoice(data: unknown): { conversation_id: string; score: number } | null {
  const match = typeof data === "string" ? /^rate:([0-9a-f-]{36}):(-?\d{1,3})$/.exec(data) : null;
  return match ? { conversation_id: match[1]!, score: Number(match[2]) } : null;
}

/** The prompt in the chatbot's language: the widget's question, a score's label, the list's button. */
function promptWords(chatbot: Pick<Chatbot, "defaultLanguage">) {
  const panel = messagesFor(chatbot.defaultLanguage).panel;
  return { question: panel.rateConversation, score: (n: number) => fill(panel.ratingScore, { score: String(n) }), button: panel.sendRating, thanks: panel.ratingThanks };
}

async function sendPrompt(kind: ChannelKind, credentialsCiphertext: string, chatKey: string, conversationId: string, chatbot: Pick<Chatbot, "defaultLanguage">): Promise<ProviderAnswer<unknown> | null> {
  const words = promptWords(chatbot);
  const credentials = credentialsOf(credentialsCiphertext);
  switch (kind) {
    case TELEGRAM:
      return telegram.sendChoices(credentials.bot_token!, chatKey, words.question, SCORES.map((n) => ({ label: String(n), data: ratingChoiceData(conversationId, n) })));
    case WHATSAPP:
      return whatsapp.sendList(credentials.access_token!, credentials.phone_number_id!, chatKey, words.question, words.button, SCORES.map((n) => ({ id: ratingChoiceData(conversationId, n), title: words.score(n) })));
    case SLACK: {
      const target = slackTarget(chatKey);
      return slack.postChoices(credentials.bot_token!, target.channel, words.question, target.threadTs, SCORES.map((n) => ({ label: String(n), value: ratingChoiceData(conversationId, n) })));
    }
    default:
      return null;
  }
}

/**
 * The prompt of a resolved conversation (queued by sql/channel-ratings.sql). A channel disconnected since, or
 * a conversation reopened or already rated, is asked nothing; a provider's failure worth retrying is retried
 * by the queue (three attempts), another is logged: the visitor can still answer with a digit.
 */
export const channelRatingAskJob = job("channel_rating_ask", async (db, payload: JobPayload<"channel_rating_ask">) => {
  const { rows } = await poolOf(db).query<{ kind: ChannelKind; credentials_ciphertext: string; enabled: boolean; default_language: string; askable: boolean }>({
    name: "channels_rating_ask_context",
    text: `SELECT ch.kind, ch.credentials_ciphertext, ${ENABLED_SQL("ch.kind", "t")} AS enabled, b.default_language,
                  (c.status = 'resolved' AND NOT EXISTS (SELECT 1 FROM conversation_ratings r WHERE r.conversation_id = c.id)) AS askable
             FROM channels ch JOIN chatbots b ON b.id = ch.chatbot_id AND b.deleted_at IS NULL JOIN teams t ON t.id = b.team_id
             JOIN conversations c ON c.id = $2::uuid AND c.chatbot_id = b.id
            WHERE ch.id = $1::uuid`,
    values: [payload.channel_id, payload.conversation_id],
  });
  const context = rows[0];
  if (!context?.enabled || !context.askable) return;
  const sent = await sendPrompt(context.kind, context.credentials_ciphertext, payload.chat_key, payload.conversation_id, { defaultLanguage: context.default_language });
  if (!sent || sent.ok) return;
  if (!sent.permanent && (sent.status === 0 || sent.status === 429 || sent.status >= 500)) throw new Error(`the rating prompt was not delivered: ${sent.message}`);
  console.error(`[channels] the rating prompt on channel ${payload.channel_id} was not delivered: ${sent.message}`);
});

/** The rating a chat's message carries (a choice) or is (a plain "1".."5" while the chat's rating is pending); null: a message like any other. */
export function ratingOfMessage(
  payload: Pick<JobPayload<"channel_answer">, "text" | "rating">,
  chat: { conversationId: string | null; ratingPending: boolean },
): { conversation_id: string; score: number; callback_id?: string } | null {
  if (payload.rating) return payload.rating;
  const digit = /^\s*([1-5])\s*$/.exec(payload.text);
  return digit && chat.ratingPending && chat.conversationId ? { conversation_id: chat.conversationId, score: Number(digit[1]) } : null;
}

/**
 * Records a chat's rating and says what to answer: the widget's thanks, or the refusal in the API's words (a
 * score outside 1–5, a conversation that is not the chat's, one not resolved). Telegram's button press is
 * answered too (its spinner stops), best effort.
 */
export async function rateFromChat(
  db: Db,
  channel: { id: string; kind: ChannelKind; credentials_ciphertext: string },
  chatbot: Chatbot,
  chatKey: string,
  rating: { conversation_id: string; score: number; callback_id?: string },
): Promise<string> {
  let words: string;
  try {
    const { score } = parseOrThrow(widgetRatingSchema, { score: rating.score });
    await recordRating(db, chatbot, rating.conversation_id, channelVisitorKey(channel.id, chatKey), { score }, "channel");
    words = promptWords(chatbot).thanks;
  } catch (error) {
    const refusal = toAppError(error);
    if (!(refusal instanceof AppError) || refusal.status >= 500) throw error;
    words = refusal.message;
  }
  if (channel.kind === TELEGRAM && rating.callback_id) {
    const answered = await telegram.answerCallbackQuery(credentialsOf(channel.credentials_ciphertext).bot_token!, rating.callback_id, words);
    if (!answered.ok) console.warn(`[channels] a Telegram button press on channel ${channel.id} was not answered: ${answered.message}`);
  }
  return words;
}
