import { request } from "undici";
import { env } from "@/server/kernel/env";

/**
 * The few HubSpot endpoints the sync uses (v3, private-app token as a bearer), at HUBSPOT_API_BASE_URL
 * (default https://api.hubapi.com): account details (to verify a token), batch upsert of contacts by
 * e-mail, and a note associated with a contact. Never throws for an HTTP answer: the caller decides what
 * a status means; network failures and timeouts throw.
 */
export interface HubspotAnswer<T> {
  status: number;
  body: T | null;
  /** HubSpot's error `message` (its error shape: `{status:"error", message, category, correlationId}`). */
  message: string | null;
  /** Seconds, from a 429's Retry-After. */
  retryAfter: number | null;
}

const TIMEOUT_MS = 15_000;

async function call<T>(token: string, method: "GET" | "POST" | "PATCH", path: string, body?: unknown): Promise<HubspotAnswer<T>> {
  const res = await request(new URL(path, env().HUBSPOT_API_BASE_URL), {
    method,
    headers: { authorization: `Bearer ${token}`, accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await res.body.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  const header = res.headers["retry-after"];
  const retryAfter = Number(Array.isArray(header) ? header[0] : header);
  const ok = res.statusCode >= 200 && res.statusCode < 300;
  const message = !ok && json && typeof json === "object" && "message" in json && typeof json.message === "string" ? json.message : ok ? null : text.slice(0, 300) || `HTTP ${res.statusCode}`;
  return { status: res.statusCode, body: ok ? (json as T) : null, message, retryAfter: Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : null };
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
