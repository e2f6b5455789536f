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
  /** Updates are POSTed to `url` with `X-Telegram-Bot-Api-Secret-Token: secretToken`; only messages are asked for. */
  setWebhook: (token: string, url: string, secretToken: string) =>
    call<boolean>(token, "setWebhook", { url, secret_token: secretToken, allowed_updates: ["message"], drop_pending_updates: false }),
  deleteWebhook: (token: string) => call<boolean>(token, "deleteWebhook", {}),
  sendMessage: (token: string, chatId: string, text: string) => call<{ message_id: number }>(token, "sendMessage", { chat_id: chatId, text }),
};

/** The part of an Update the channel reads: a text message in a chat. */
export interface TelegramUpdate {
  update_id?: unknown;
  message?: { message_id?: number; text?: unknown; chat?: { id?: unknown }; from?: { is_bot?: boolean; first_name?: string; last_name?: string } };
}
