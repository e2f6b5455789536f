/**
 * A WhatsApp Cloud API client (Graph API, https://developers.facebook.com/docs/whatsapp/cloud-api):
 * `GET {base}/{phone_number_id}` to verify, `POST {base}/{phone_number_id}/messages` to reply, with
 * `Authorization: Bearer {access_token}`. Errors answer `{error: {message, type, code, error_subcode}}`;
 * the throughput and pair rate limits (codes 4, 80007, 130429, 131056) are worth retrying.
 * WHATSAPP_API_BASE_URL points it at a local stand-in in tests.
 */
import { createHmac } from "node:crypto";
import { env } from "@/server/kernel/env";
import { providerUrl } from "@/server/kernel/net/provider-url";
import { failure, isFailure, providerFetch, type ProviderAnswer } from "./provider-call";

const RATE_LIMIT_CODES = new Set([4, 80007, 130429, 131056]);

async function call<T>(accessToken: string, path: string, body?: unknown): Promise<ProviderAnswer<T>> {
  const answer = await providerFetch({ url: providerUrl(env().WHATSAPP_API_BASE_URL, path).href, body, headers: { Authorization: `Bearer ${accessToken}` } });
  if (isFailure(answer)) return answer;
  if (answer.status >= 200 && answer.status < 300) return { ok: true, result: answer.json as T };
  const error = (answer.json as { error?: { message?: string; code?: number } } | null)?.error;
  const limited = answer.status === 429 || (error?.code !== undefined && RATE_LIMIT_CODES.has(error.code));
  return failure(limited ? 429 : answer.status, `WhatsApp: ${error?.message ?? `HTTP ${answer.status}`}`, limited ? answer.retryAfterSeconds : null);
}

export const whatsapp = {
  phoneNumber: (accessToken: string, phoneNumberId: string) =>
    call<{ id: string; display_phone_number?: string; verified_name?: string }>(accessToken, `${encodeURIComponent(phoneNumberId)}?fields=display_phone_number,verified_name`),
  sendText: (accessToken: string, phoneNumberId: string, to: string, text: string) =>
    call<{ messages?: Array<{ id: string }> }>(accessToken, `${encodeURIComponent(phoneNumberId)}/messages`, {
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to,
      type: "text",
      text: { preview_url: false, body: text },
    }),
  /**
   * An interactive list message: `button` (≤ 20 characters) opens the rows (≤ 10; title ≤ 24, id ≤ 200); the
   * person's choice comes back as an `interactive` message of type `list_reply` carrying the row's id.
   */
  sendList: (accessToken: string, phoneNumberId: string, to: string, text: string, button: string, rows: Array<{ id: string; title: string }>) =>
    call<{ messages?: Array<{ id: string }> }>(accessToken, `${encodeURIComponent(phoneNumberId)}/messages`, {
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to,
      type: "interactive",
      interactive: { type: "list", body: { text }, action: { button: button.slice(0, 20), sections: [{ title: button.slice(0, 24), rows: rows.map((r) => ({ id: r.id, title: r.title.slice(0, 24) })) }] } },
    }),
};

/** `X-Hub-Signature-256`: `sha256=` and the hex HMAC-SHA256 of the raw body with the app secret. */
export const whatsappSignature = (appSecret: string, rawBody: string) => `sha256=${createHmac("sha256", appSecret).update(rawBody, "utf8").digest("hex")}`;

/** The part of a webhook delivery the channel reads: text messages and interactive replies (statuses and the rest are tolerated and ignored). */
export interface WhatsAppDelivery {
  object?: unknown;
  entry?: Array<{ changes?: Array<{ field?: unknown; value?: { metadata?: { phone_number_id?: unknown }; messages?: Array<WhatsAppMessage> } }> }>;
}

interface WhatsAppMessage {
  id?: unknown;
  from?: unknown;
  type?: unknown;
  text?: { body?: unknown };
  interactive?: { type?: unknown; list_reply?: { id?: unknown; title?: unknown }; button_reply?: { id?: unknown; title?: unknown } };
}

/** What a person sent: a text, or their choice on an interactive message (`choice`: the row's or button's id, `text` its title). */
export interface WhatsAppInbound {
  id: string;
  from: string;
  text: string;
  choice?: string;
}

function inboundOf(m: WhatsAppMessage): WhatsAppInbound | null {
  if (typeof m?.id !== "string" || typeof m.from !== "string") return null;
  if (m.type === "text" && typeof m.text?.body === "string" && m.text.body.trim()) return { id: m.id, from: m.from, text: m.text.body.slice(0, 4000) };
  const reply = m.type === "interactive" ? (m.interactive?.list_reply ?? m.interactive?.button_reply) : undefined;
  if (typeof reply?.id === "string" && reply.id) return { id: m.id, from: m.from, text: typeof reply.title === "string" && reply.title.trim() ? reply.title : reply.id, choice: reply.id };
  return null;
}

/** The texts and interactive replies of a delivery for one phone number (statuses and the rest are ignored). */
export function whatsappTexts(delivery: WhatsAppDelivery, phoneNumberId: string): WhatsAppInbound[] {
  const texts: WhatsAppInbound[] = [];
  for (const entry of Array.isArray(delivery?.entry) ? delivery.entry : []) {
    for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
      const value = change?.value;
      if (change?.field !== "messages" || !value || String(value.metadata?.phone_number_id ?? phoneNumberId) !== phoneNumberId) continue;
      for (const m of Array.isArray(value.messages) ? value.messages : []) {
        const inbound = inboundOf(m);
        if (inbound) texts.push(inbound);
      }
    }
  }
  return texts;
}
