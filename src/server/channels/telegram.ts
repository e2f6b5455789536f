/**
 * A Telegram Bot API client (https://core.telegram.org/bots/api): every call
 * is `{base}/bot{token}/{method}` and answers `{ok: true, result}` or
 * `{ok: false, error_code, description, parameters: {retry_after}}`.
 * TELEGRAM_API_BASE_URL points it at a local stand-in in tests and benches.
 */
import { env } from "@/server/kernel/env";
import { providerUrl } from "@/server/kernel/net/provider-url";
import { parseRetryAfter } from "@/server/kernel/net/retry";
import { failure, isFailure, providerFetch, type ProviderAnswer } from "./provider-call";

interface TelegramError {
  ok: false;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

async function call<T>(token: string, method: string, body?: unknown): Promise<ProviderAnswer<T>> {
  const answer = await providerFetch({ url: providerUrl(env().TELEGRAM_API_BASE_URL, `bot${token}/${method}`).href, body, method: "POST" });
  if (isFailure(answer)) return answer;
  const json = answer.json as { ok?: boolean; result?: T } | TelegramError | null;
  if (json && json.ok === true && answer.status < 300) return { ok: true, result: (json as { result: T }).result };
  const error = (json ?? {}) as TelegramError;
  const status = error.error_code ?? answer.status;
  return failure(status, `Telegram: ${error.description ?? `HTTP ${answer.status}`}`, parseRetryAfter(error.parameters?.retry_after) ?? answer.retryAfterSeconds);
}

export interface TelegramBot {
  id: number;
  username?: string;
  first_name?: string;
}

export const telegram = {
  getMe: (token: string) => call<TelegramBot>(token, "getMe"),
  /** Updates are POSTed to `url` with `X-Telegram-Bot-Api-Secret-Token: secretToken`: messages, and the presses of our inline buttons (a rating). */
  setWebhook: (token: string, url: string, secretToken: string) =>
    call<boolean>(token, "setWebhook", { url, secret_token: secretToken, allowed_updates: ["message", "callback_query"], drop_pending_updates: false }),
  deleteWebhook: (token: string) => call<boolean>(token, "deleteWebhook", {}),
  sendMessage: (token: string, chatId: string, text: string) => call<{ message_id: number }>(token, "sendMessage", { chat_id: chatId, text }),
  /** A message with one row of inline buttons; a press comes back as a `callback_query` update carrying the button's `callback_data` (1–64 bytes). */
  sendChoices: (token: string, chatId: string, text: string, choices: Array<{ label: string; data: string }>) =>
    call<{ message_id: number }>(token, "sendMessage", { chat_id: chatId, text, reply_markup: { inline_keyboard: [choices.map((c) => ({ text: c.label, callback_data: c.data }))] } }),
  /** Stops the pressed button's spinner, showing `text` (0–200 characters) as a notification. */
  answerCallbackQuery: (token: string, callbackQueryId: string, text: string) => call<boolean>(token, "answerCallbackQuery", { callback_query_id: callbackQueryId, text: text.slice(0, 200) }),
};

/** The part of an Update the channel reads: a text message in a chat, or a press of an inline button. */
export interface TelegramUpdate {
  update_id?: unknown;
  message?: { message_id?: number; text?: unknown; chat?: { id?: unknown }; from?: { is_bot?: boolean; first_name?: string; last_name?: string } };
  /** A press of an inline button of ours: `data` is its callback_data; `message` the message it was under. */
  callback_query?: { id?: unknown; data?: unknown; from?: { is_bot?: boolean }; message?: { chat?: { id?: unknown } } };
}
