import { env } from "@/server/kernel/env";
import { jsonOf, outboundClient } from "@/server/kernel/net/client";
import { providerUrl } from "@/server/kernel/net/provider-url";
import { parseRetryAfter } from "@/server/kernel/net/retry";

/**
 * The few Intercom REST endpoints the handoff uses (API 2.11, access token as a bearer), at
 * INTERCOM_API_BASE_URL (default https://api.intercom.io), through the platform's one outbound client
 * (kernel/net/client.ts): who the token is (`GET /me`), a contact found by a field or created, a
 * conversation opened from a contact, a reply as that contact. Never throws for an HTTP answer: the caller
 * decides what a status means; network failures and timeouts throw an OutboundError.
 */
export interface IntercomAnswer<T> {
  status: number;
  body: T | null;
  /** Intercom's first error (`{type: "error.list", errors: [{code, message}]}`), or the body's start. */
  message: string | null;
  /** Seconds to wait: a 429's `X-RateLimit-Reset` (a Unix time), else a `Retry-After`. */
  retryAfter: number | null;
}

export const INTERCOM_VERSION = "2.11";
const TIMEOUT_MS = 15_000;
/** Intercom's answers to these calls are a few kilobytes (a conversation with its parts, tens). */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

/** The API's base URL comes from the environment (tests: 127.0.0.1), so no SSRF guard: it is not a user's. */
const intercomHttp = outboundClient(() => ({ policy: null, connections: 16, keepAliveMs: 10_000 }));

/** Intercom says when its window resets (`X-RateLimit-Reset`, Unix seconds) rather than how long to wait. */
export function rateLimitWait(headers: Record<string, string>, now = Date.now()): number | null {
  const reset = Number(headers["x-ratelimit-reset"]);
  if (Number.isFinite(reset) && reset > 0) return Math.max(1, Math.ceil(reset - now / 1000));
  return parseRetryAfter(headers["retry-after"]);
}

async function call<T>(token: string, method: "GET" | "POST", path: string, body?: unknown): Promise<IntercomAnswer<T>> {
  const res = await intercomHttp.send({
    url: providerUrl(env().INTERCOM_API_BASE_URL, path),
    method,
    headers: {
      authorization: `Bearer ${token}`,
      accept: "application/json",
      "intercom-version": INTERCOM_VERSION,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    timeoutMs: TIMEOUT_MS,
    maxBytes: MAX_ANSWER_BYTES,
  });
  const json = jsonOf(res) as { errors?: Array<{ message?: unknown }> } | null;
  const ok = res.status >= 200 && res.status < 300;
  const said = json?.errors?.[0]?.message;
  const message = ok ? null : typeof said === "string" ? said : res.body.toString("utf8").slice(0, 300) || `HTTP ${res.status}`;
  return { status: res.status, body: ok ? (json as T) : null, message, retryAfter: res.status === 429 || res.status >= 500 ? rateLimitWait(res.headers) : null };
}

export interface IntercomMe {
  type: "admin";
  id: string;
  name?: string;
  app?: { id_code?: string; name?: string } | null;
}
export interface IntercomContact {
  type: "contact";
  id: string;
}

/** The admin the token acts for and its workspace (`app`): verifies a token. */
export const intercomMe = (token: string) => call<IntercomMe>(token, "GET", "/me");

/** Contacts whose `field` equals `value` (the search API's simple query). */
export const searchContacts = (token: string, field: "email" | "external_id", value: string) =>
  call<{ type: "list"; data: IntercomContact[] }>(token, "POST", "/contacts/search", { query: { field, operator: "=", value } });

/** A new user contact with our id as its `external_id` (and the e-mail and name we know). */
export const createContact = (token: string, contact: { external_id: string; email?: string; name?: string }) => call<IntercomContact>(token, "POST", "/contacts", { role: "user", ...contact });

/** A conversation opened by the contact (Intercom answers with the message and its `conversation_id`). */
export const createConversation = (token: string, contactId: string, text: string) =>
  call<{ type: "user_message"; id: string; conversation_id?: string }>(token, "POST", "/conversations", { from: { type: "user", id: contactId }, body: text });

/** A later message of the contact, added to the conversation. */
export const replyAsContact = (token: string, conversationId: string, contactId: string, text: string) =>
  call<{ type: "conversation"; id: string }>(token, "POST", `/conversations/${encodeURIComponent(conversationId)}/reply`, { message_type: "comment", type: "user", intercom_user_id: contactId, body: text });
