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
};

/** `X-Hub-Signature-256`: `sha256=` and the hex HMAC-SHA256 of the raw body with the app secret. */
export const whatsappSignature = (appSecret: string, rawBody: string) => `sha256=${createHmac("sha256", appSecret).update(rawBody, "utf8").digest("hex")}`;

/** The part of a webhook delivery the channel reads: text messages (statuses and the rest are tolerated and ignored). */
export interface WhatsAppDelivery {
  object?: unknown;
  entry?: Array<{ changes?: Array<{ field?: unknown; value?: { metadata?: { phone_number_id?: unknown }; messages?: Array<{ id?: unknown; from?: unknown; type?: unknown; text?: { body?: unknown } }> } }> }>;
}

/** The text messages of a delivery for one phone number: `{id, from, text}`. */
export function whatsappTexts(delivery: WhatsAppDelivery, phoneNumberId: string): Array<{ id: string; from: string; text: string }> {
  const texts: Array<{ id: string; from: string; text: string }> = [];
  for (const entry of Array.isArray(delivery?.entry) ? delivery.entry : []) {
    for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
      const value = change?.value;
      if (change?.field !== "messages" || !value || String(value.metadata?.phone_number_id ?? phoneNumberId) !== phoneNumberId) continue;
      for (const m of Array.isArray(value.messages) ? value.messages : []) {
        if (m?.type === "text" && typeof m.id === "string" && typeof m.from === "string" && typeof m.text?.body === "string" && m.text.body.trim()) {
          texts.push({ id: m.id, from: m.from, text: m.text.body.slice(0, 4000) });
        }
      }
    }
  }
  return texts;
}
