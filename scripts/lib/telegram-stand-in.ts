/**
 * A local stand-in for the Telegram Bot API (https://core.telegram.org/bots/api),
 * on 127.0.0.1, for contract tests and the channels bench: `POST /bot{token}/{method}`
 * answering `{ok: true, result}` or `{ok: false, error_code, description, parameters?: {retry_after}}`
 * with the HTTP status of `error_code`, as Telegram does. It keeps each bot's webhook (`setWebhook`)
 * and delivers updates to it the way Telegram does: a JSON POST with `X-Telegram-Bot-Api-Secret-Token`.
 * Processes other than the one that started it (Playwright's workers) drive it through `/__control/*`:
 * `POST bots {token, username}`, `GET sent`, `POST deliver {token, update}` (→ `{status}`).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { answerJson as answer, controlCall, faultQueue, readBody } from "./stand-in-http";

export interface SentMessage {
  token: string;
  chat_id: string;
  text: string;
  /** An inline keyboard sent with the message (`{inline_keyboard: [[{text, callback_data}]]}`), as given. */
  reply_markup?: { inline_keyboard?: Array<Array<{ text: string; callback_data?: string }>> };
  at: number;
}

export interface TelegramFault {
  error_code: number;
  description: string;
  retry_after?: number;
}

export interface TelegramStandIn {
  baseUrl: string;
  /** Registers a bot; its token is accepted from now on. */
  addBot(token: string, username: string): void;
  webhookOf(token: string): { url: string; secret_token: string } | undefined;
  /** Every sendMessage accepted, in order. */
  sent: SentMessage[];
  /** Every sendMessage call, accepted or not. */
  sendAttempts: Array<{ chat_id: string; at: number }>;
  /** The next `count` sendMessage calls to `chatId` fail with `fault`. */
  failSends(chatId: string, fault: TelegramFault, count?: number): void;
  /** The next sendMessage call to `chatId` is answered only once `until` settles (a slow provider: a long job). */
  holdSends(chatId: string, until: Promise<unknown>): void;
  /** POSTs an update to the bot's webhook as Telegram does (the secret header unless overridden); the app's status. */
  deliver(token: string, update: unknown, secret?: string | null): Promise<number>;
  /** Resolves with the first message sent to `chatId` after `from` messages (polls the list, no timers in assertions). */
  nextMessage(chatId: string, from?: number): Promise<SentMessage>;
  /** A press of an inline button under a sent message, delivered as Telegram does (a `callback_query` update); the app's status. */
  pressButton(token: string, message: SentMessage, label: string, updateId: number): Promise<number>;
  /** Every answerCallbackQuery accepted: the query answered and its notification text. */
  answeredCallbacks: Array<{ callback_query_id: string; text: string }>;
  /** Called on every accepted sendMessage (the bench measures with it). */
  onSent?: (message: SentMessage) => void;
  /** Every sendMessage is answered this many ms after it arrived (a provider's round trip; 0: at once). It is taken even if the caller has gone meanwhile. */
  sendDelayMs: number;
  stop(): Promise<void>;
}

/** Telegram's error answer: the HTTP status of `error_code`, with `parameters.retry_after` on a 429. */
const error = (res: ServerResponse, fault: TelegramFault) =>
  answer(res, fault.error_code, {
    ok: false,
    error_code: fault.error_code,
    description: fault.description,
    ...(fault.retry_after !== undefined ? { parameters: { retry_after: fault.retry_after } } : {}),
  });

export async function startTelegramStandIn(opts: { unref?: boolean } = {}): Promise<TelegramStandIn> {
  const bots = new Map<string, { id: number; username: string; webhook?: { url: string; secret_token: string } }>();
  const faults = faultQueue<TelegramFault>();
  const holds = faultQueue<Promise<unknown>>();
  const sent: SentMessage[] = [];
  const sendAttempts: Array<{ chat_id: string; at: number }> = [];
  const answeredCallbacks: Array<{ callback_query_id: string; text: string }> = [];
  // Callback queries handed out by a press and not answered yet: answering another is Telegram's 400.
  const openCallbacks = new Set<string>();
  let nextId = 1000;

  const stub: Partial<TelegramStandIn> = {};
  const control = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    if (req.url === "/__control/bots") {
      stub.addBot!(String(body.token), String(body.username));
      return answer(res, 200, { ok: true });
    }
    if (req.url === "/__control/sent") return answer(res, 200, sent);
    if (req.url === "/__control/deliver") return answer(res, 200, { status: await stub.deliver!(String(body.token), body.update) });
    return answer(res, 404, { ok: false });
  };
  const server = createServer((req, res) => {
    void (async () => {
      if ((req.url ?? "").startsWith("/__control/")) return control(req, res);
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? "");
      if (!match) return answer(res, 404, { ok: false, error_code: 404, description: "Not Found" });
      const [, token, method] = match as unknown as [string, string, string];
      const bot = bots.get(token);
      if (!bot) return error(res, { error_code: 401, description: "Unauthorized" });
      const body = await readBody(req);
      switch (method) {
        case "getMe":
          return answer(res, 200, { ok: true, result: { id: bot.id, is_bot: true, first_name: bot.username, username: bot.username } });
        case "setWebhook": {
          const url = String(body.url ?? "");
          if (!/^https?:\/\//.test(url)) return error(res, { error_code: 400, description: "Bad Request: bad webhook: An HTTPS URL must be provided for webhook" });
          bot.webhook = { url, secret_token: String(body.secret_token ?? "") };
          return answer(res, 200, { ok: true, result: true, description: "Webhook was set" });
        }
        case "deleteWebhook":
          delete bot.webhook;
          return answer(res, 200, { ok: true, result: true, description: "Webhook was deleted" });
        case "sendMessage": {
          const chatId = String(body.chat_id ?? "");
          const text = String(body.text ?? "");
          sendAttempts.push({ chat_id: chatId, at: Date.now() });
          await holds.next(chatId)?.catch(() => undefined);
          if (stub.sendDelayMs) await new Promise((r) => setTimeout(r, stub.sendDelayMs));
          const fault = faults.next(chatId);
          if (fault) return error(res, fault);
          if (!chatId || !text) return error(res, { error_code: 400, description: "Bad Request: message text is empty" });
          const markup = body.reply_markup as SentMessage["reply_markup"];
          const buttons = markup?.inline_keyboard?.flat() ?? [];
          if (buttons.some((b) => !b.text || (b.callback_data !== undefined && (Buffer.byteLength(b.callback_data) < 1 || Buffer.byteLength(b.callback_data) > 64)))) {
            return error(res, { error_code: 400, description: "Bad Request: BUTTON_DATA_INVALID" });
          }
          const message: SentMessage = { token, chat_id: chatId, text, ...(markup ? { reply_markup: markup } : {}), at: Date.now() };
          sent.push(message);
          stub.onSent?.(message);
          return answer(res, 200, { ok: true, result: { message_id: nextId++, chat: { id: Number(chatId) }, date: Math.floor(Date.now() / 1000), text } });
        }
        case "answerCallbackQuery": {
          const id = String(body.callback_query_id ?? "");
          if (!openCallbacks.delete(id)) return error(res, { error_code: 400, description: "Bad Request: query is too old and response timeout expired or query ID is invalid" });
          answeredCallbacks.push({ callback_query_id: id, text: String(body.text ?? "") });
          return answer(res, 200, { ok: true, result: true });
        }
        default:
          return answer(res, 404, { ok: false, error_code: 404, description: "Not Found: method not found" });
      }
    })().catch((e: Error) => answer(res, 500, { ok: false, error_code: 500, description: `Internal Server Error: ${e.message}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  // In Playwright's runner it lives as long as the run, never holding the process open.
  if (opts.unref) server.unref();

  return Object.assign(stub, {
    baseUrl: `http://127.0.0.1:${port}`,
    sent,
    sendAttempts,
    answeredCallbacks,
    sendDelayMs: 0,
    addBot(token: string, username: string) {
      bots.set(token, { id: Number(token.split(":")[0]), username });
    },
    webhookOf: (token: string) => bots.get(token)?.webhook,
    failSends: faults.add,
    holdSends: (chatId: string, until: Promise<unknown>) => holds.add(chatId, until),
    async deliver(token: string, update: unknown, secret?: string | null) {
      const hook = bots.get(token)?.webhook;
      if (!hook) throw new Error(`no webhook set for bot ${token}`);
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      const value = secret === undefined ? hook.secret_token : secret;
      if (value !== null) headers["X-Telegram-Bot-Api-Secret-Token"] = value;
      const res = await fetch(hook.url, { method: "POST", headers, body: JSON.stringify(update) });
      await res.arrayBuffer();
      return res.status;
    },
    async pressButton(token: string, message: SentMessage, label: string, updateId: number) {
      const button = message.reply_markup?.inline_keyboard?.flat().find((b) => b.text === label);
      if (!button?.callback_data) throw new Error(`no button "${label}" under the message`);
      const id = `cq${updateId}`;
      openCallbacks.add(id);
      const chat = { id: Number(message.chat_id), type: "private", first_name: "Ada" };
      return stub.deliver!(token, {
        update_id: updateId,
        callback_query: { id, from: { id: chat.id, is_bot: false, first_name: "Ada" }, chat_instance: `ci${message.chat_id}`, message: { message_id: 1, chat, text: message.text }, data: button.callback_data },
      });
    },
    async nextMessage(chatId: string, from = 0) {
      for (;;) {
        const found = sent.slice(from).find((m) => m.chat_id === chatId);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as TelegramStandIn;
}

/** A Telegram Update carrying one text message from a private chat. */
export function textUpdate(updateId: number, chatId: number, text: string) {
  return {
    update_id: updateId,
    message: { message_id: updateId, date: Math.floor(Date.now() / 1000), chat: { id: chatId, type: "private", first_name: "Ada" }, from: { id: chatId, is_bot: false, first_name: "Ada" }, text },
  };
}

/** Drives a stand-in started by another process (Playwright's runner) through its control routes. */
export function telegramControl(baseUrl: string) {
  const call = controlCall(baseUrl);
  return {
    addBot: (token: string, username: string) => call("bots", { token, username }),
    sent: () => call("sent") as Promise<SentMessage[]>,
    deliver: async (token: string, update: unknown) => ((await call("deliver", { token, update })) as { status: number }).status,
  };
}
