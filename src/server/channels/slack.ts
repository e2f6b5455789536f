/**
 * A Slack Web API and Events API client (https://api.slack.com/apis/events-api):
 * `auth.test` to verify, `chat.postMessage` to reply in a thread, with
 * `Authorization: Bearer {bot_token}`. The Web API answers HTTP 200 with
 * `{ok: false, error}` for most failures and HTTP 429 with `Retry-After` when
 * rate limited. SLACK_API_BASE_URL points it at a local stand-in in tests.
 */
import { createHmac } from "node:crypto";
import { env } from "@/server/kernel/env";
import { providerUrl } from "@/server/kernel/net/provider-url";
import { failure, isFailure, providerFetch, type ProviderAnswer } from "./provider-call";

/** Errors a retry may cure. */
const TRANSIENT = new Set(["ratelimited", "internal_error", "fatal_error", "service_unavailable", "request_timeout"]);

async function call<T>(token: string, method: string, body: unknown): Promise<ProviderAnswer<T>> {
  const answer = await providerFetch({ url: providerUrl(env().SLACK_API_BASE_URL, method).href, body, headers: { Authorization: `Bearer ${token}` } });
  if (isFailure(answer)) return answer;
  const json = answer.json as ({ ok?: boolean; error?: string } & T) | null;
  if (answer.status === 200 && json?.ok === true) return { ok: true, result: json };
  const code = json?.error ?? `HTTP ${answer.status}`;
  const status = answer.status === 429 || code === "ratelimited" ? 429 : answer.status >= 500 || TRANSIENT.has(code) ? 503 : 400;
  return failure(status, `Slack: ${code}`, status === 429 ? answer.retryAfterSeconds : null);
}

/**
 * Text as Slack's `text` field and Teams' markdown read it: `&`, `<` and `>` are control characters there (Slack
 * reads `<…>` as a link or a mention), written as HTML entities — an answer quoting "<base-file>" or "Q&A" shows it.
 */
export const withEntities = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export const slack = {
  authTest: (token: string) => call<{ team?: string; user?: string; user_id?: string; bot_id?: string }>(token, "auth.test", {}),
  postMessage: (token: string, channel: string, text: string, threadTs: string | null) =>
    call<{ ts?: string }>(token, "chat.postMessage", { channel, text, ...(threadTs ? { thread_ts: threadTs } : {}) }),
  /** A message with a row of Block Kit buttons (`text` stays the notification's fallback); a click comes back as a `block_actions` interaction payload. */
  postChoices: (token: string, channel: string, text: string, threadTs: string | null, choices: Array<{ label: string; value: string }>) =>
    call<{ ts?: string }>(token, "chat.postMessage", {
      channel,
      text,
      ...(threadTs ? { thread_ts: threadTs } : {}),
      blocks: [
        { type: "section", text: { type: "plain_text", text } },
        { type: "actions", elements: choices.map((c, i) => ({ type: "button", action_id: `choice_${i + 1}`, text: { type: "plain_text", text: c.label }, value: c.value })) },
      ],
    }),
};

/** The part of a `block_actions` interaction payload the channel reads (the form field `payload`, JSON). */
interface SlackBlockActions {
  type?: unknown;
  user?: { id?: unknown };
  channel?: { id?: unknown };
  container?: { channel_id?: unknown; message_ts?: unknown; thread_ts?: unknown };
  message?: { ts?: unknown; thread_ts?: unknown };
  actions?: Array<{ value?: unknown; action_ts?: unknown }>;
}

/**
 * A click on one of our buttons, from an interactivity request (`application/x-www-form-urlencoded`,
 * `payload={json}`, signed like events): the chat (the channel and the thread the message is in), the
 * button's value and an id for the click. Anything else: null.
 */
export function slackBlockAction(rawBody: string): { chatKey: string; value: string; eventId: string } | null {
  const raw = new URLSearchParams(rawBody).get("payload");
  if (!raw) return null;
  let payload: SlackBlockActions;
  try {
    payload = JSON.parse(raw) as SlackBlockActions;
  } catch {
    return null;
  }
  const action = Array.isArray(payload?.actions) ? payload.actions[0] : undefined;
  const channel = payload?.channel?.id ?? payload?.container?.channel_id;
  const thread = payload?.message?.thread_ts ?? payload?.container?.thread_ts ?? payload?.message?.ts ?? payload?.container?.message_ts;
  if (payload?.type !== "block_actions" || typeof action?.value !== "string" || typeof channel !== "string" || typeof thread !== "string") return null;
  return { chatKey: `${channel}:${thread}`, value: action.value, eventId: `${channel}:${String(action.action_ts)}:${String(payload.user?.id)}` };
}

/** Slack's request signature: `v0=` and the hex HMAC-SHA256 of `v0:{timestamp}:{raw body}` with the signing secret. */
export const slackSignature = (signingSecret: string, timestamp: string, rawBody: string) =>
  `v0=${createHmac("sha256", signingSecret).update(`v0:${timestamp}:${rawBody}`, "utf8").digest("hex")}`;

/** Requests older or newer than this are refused (Slack's replay window). */
export const SLACK_WINDOW_SECONDS = 5 * 60;

export interface SlackEnvelope {
  type?: unknown;
  challenge?: unknown;
  event_id?: unknown;
  event?: { type?: unknown; subtype?: unknown; bot_id?: unknown; user?: unknown; text?: unknown; channel?: unknown; channel_type?: unknown; ts?: unknown; thread_ts?: unknown };
}

/**
 * The question in an event the bot answers — a direct message, or a mention — with where the answer goes:
 * the thread it started or belongs to. Bots' messages (its own included), edits and other subtypes: null.
 */
export function slackQuestion(envelope: SlackEnvelope): { chatKey: string; text: string } | null {
  const e = envelope.event;
  if (!e || typeof e.text !== "string" || typeof e.channel !== "string" || typeof e.ts !== "string") return null;
  if (e.bot_id !== undefined || e.subtype !== undefined) return null;
  const direct = e.type === "message" && e.channel_type === "im";
  if (!direct && e.type !== "app_mention") return null;
  // A mention's text holds `<@U…>`: the question is the rest.
  const text = e.text.replace(/<@[A-Z0-9]+(\|[^>]*)?>/g, "").trim().slice(0, 4000);
  if (!text) return null;
  const thread = typeof e.thread_ts === "string" ? e.thread_ts : e.ts;
  return { chatKey: `${e.channel}:${thread}`, text };
}

/** A chat key back to where the reply goes: the channel and the thread. */
export function slackTarget(chatKey: string): { channel: string; threadTs: string | null } {
  const at = chatKey.indexOf(":");
  return at < 0 ? { channel: chatKey, threadTs: null } : { channel: chatKey.slice(0, at), threadTs: chatKey.slice(at + 1) };
}
