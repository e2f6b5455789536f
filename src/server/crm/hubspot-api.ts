import { env } from "@/server/kernel/env";
import { jsonOf, outboundClient } from "@/server/kernel/net/client";
import { providerUrl } from "@/server/kernel/net/provider-url";
import { parseRetryAfter } from "@/server/kernel/net/retry";

/**
 * The few HubSpot endpoints the sync uses (v3, private-app token as a bearer), at HUBSPOT_API_BASE_URL
 * (default https://api.hubapi.com), through the platform's one outbound client (kernel/net/client.ts):
 * account details (to verify a token), batch upsert of contacts by e-mail, and a note associated with a
 * contact. Never throws for an HTTP answer: the caller decides what a status means; network failures and
 * timeouts throw an OutboundError.
 */
export interface HubspotAnswer<T> {
  status: number;
  body: T | null;
  /** HubSpot's error `message` (its error shape: `{status:"error", message, category, correlationId}`). */
  message: string | null;
  /** Seconds, from the answer's Retry-After (kernel/net/retry.ts). */
  retryAfter: number | null;
}

const TIMEOUT_MS = 15_000;
/** HubSpot's answers to these calls are a few kilobytes. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/** The API's base URL comes from the environment (tests: 127.0.0.1), so no SSRF guard: it is not a user's. */
const hubspotHttp = outboundClient(() => ({ policy: null, connections: 16, keepAliveMs: 10_000 }));

async function call<T>(token: string, method: "GET" | "POST" | "PATCH", path: string, body?: unknown): Promise<HubspotAnswer<T>> {
  const res = await hubspotHttp.send({
    url: providerUrl(env().HUBSPOT_API_BASE_URL, path),
    method,
    headers: { authorization: `Bearer ${token}`, accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    timeoutMs: TIMEOUT_MS,
    maxBytes: MAX_ANSWER_BYTES,
  });
  const json = jsonOf(res);
  const ok = res.status >= 200 && res.status < 300;
  const text = () => res.body.toString("utf8").slice(0, 300);
  const message = !ok && json && typeof json === "object" && "message" in json && typeof json.message === "string" ? json.message : ok ? null : text() || `HTTP ${res.status}`;
  return { status: res.status, body: ok ? (json as T) : null, message, retryAfter: parseRetryAfter(res.headers["retry-after"]) };
}

export function accountDetails(token: string) {
  return call<{ portalId: number | string }>(token, "GET", "/account-info/v3/details");
}

/** Creates or updates one contact matched by e-mail (`idProperty: "email"`). */
export function upsertContactByEmail(token: string, email: string, properties: Record<string, string>) {
  return call<{ status: string; results: Array<{ id: string; new?: boolean }> }>(token, "POST", "/crm/v3/objects/contacts/batch/upsert", {
    inputs: [{ idProperty: "email", id: email, properties: { ...properties, email } }],
  });
}

/** HubSpot's association type id for a note → contact (HUBSPOT_DEFINED). */
export const NOTE_TO_CONTACT = 202;

export function createNoteOnContact(token: string, contactId: string, body: string, at: Date) {
  return call<{ id: string }>(token, "POST", "/crm/v3/objects/notes", {
    properties: { hs_timestamp: at.toISOString(), hs_note_body: body },
    associations: [{ to: { id: contactId }, types: [{ associationCategory: "HUBSPOT_DEFINED", associationTypeId: NOTE_TO_CONTACT }] }],
  });
}

/** Replaces a note's body and time (v3 `PATCH /crm/v3/objects/notes/{noteId}`); its association stays. */
export function updateNote(token: string, noteId: string, body: string, at: Date) {
  return call<{ id: string }>(token, "PATCH", `/crm/v3/objects/notes/${encodeURIComponent(noteId)}`, { properties: { hs_timestamp: at.toISOString(), hs_note_body: body } });
}
