import { readAnswerStream } from "@/shared/sse";
import type { WidgetChatDone, WidgetChatRequest, WidgetFeedback, WidgetHandoffAnswer, WidgetLeadAnswer, WidgetLeadRequest, WidgetLinkClick, WidgetRating } from "@/shared/widget-wire";
import { STRINGS } from "./strings";

/** The public widget API as the panel calls it (same origin: the panel is our page). */

export type ChatOutcome =
  | { kind: "done"; done: WidgetChatDone }
  /** No credits (402), paused/suspended/disabled (423), too many requests (429): said politely, not an error. */
  | { kind: "refused"; status: number; message: string }
  | { kind: "failed"; message: string; offline: boolean };

/** The refusals said in the panel's own words (the server's are the API's, in English). */
const polite = (status: number): string | undefined => ({ 402: STRINGS.noCredits, 423: STRINGS.unavailable, 429: STRINGS.tooQuick })[status];

async function messageOf(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { message?: unknown };
    if (typeof body.message === "string") return body.message;
  } catch {
    // not JSON
  }
  return STRINGS.wentWrong;
}

export async function sendChat(chatbotId: string, body: WidgetChatRequest, onDelta: (text: string) => void): Promise<ChatOutcome> {
  let res: Response;
  try {
    res = await fetch(`/api/widget/${chatbotId}/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify(body),
    });
  } catch {
    return { kind: "failed", offline: true, message: STRINGS.offlineChat };
  }
  // A conversation this browser kept that the server no longer knows (deleted, or another visitor's): start a new one.
  if (res.status === 404 && body.conversation_id) return sendChat(chatbotId, { ...body, conversation_id: undefined }, onDelta);
  const refusal = polite(res.status);
  if (refusal) return { kind: "refused", status: res.status, message: refusal };
  if (!res.ok || !res.body) return { kind: "failed", offline: false, message: await messageOf(res) };

  try {
    const end = await readAnswerStream<WidgetChatDone>(res.body, onDelta);
    if (end.kind === "done") return { kind: "done", done: end.data };
    return { kind: "failed", offline: false, message: end.kind === "error" ? end.message : STRINGS.interrupted };
  } catch {
    return { kind: "failed", offline: !navigator.onLine, message: STRINGS.interrupted };
  }
}

/** Fire-and-forget calls: a lost thumbs-up or click count must never disturb the visitor. */
export function postQuietly(chatbotId: string, path: "feedback", body: WidgetFeedback): void;
export function postQuietly(chatbotId: string, path: "link-clicks", body: WidgetLinkClick): void;
export function postQuietly(chatbotId: string, path: "feedback" | "link-clicks", body: WidgetFeedback | WidgetLinkClick): void {
  void fetch(`/api/widget/${chatbotId}/${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), keepalive: true }).catch(
    () => undefined,
  );
}

export type LeadErrors = Record<string, string[]>;

/** Posts a lead: the thank-you and the visitor's token, or the errors to show. */
export async function postLead(chatbotId: string, body: WidgetLeadRequest): Promise<{ ok: true; thanks: string; visitor_token?: string } | { ok: false; errors: LeadErrors }> {
  try {
    const res = await fetch(`/api/widget/${chatbotId}/leads`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const json = (await res.json()) as Partial<WidgetLeadAnswer> & { errors?: LeadErrors };
    if (res.status === 422) return { ok: false, errors: json.errors ?? { fields: [json.message ?? STRINGS.checkTheForm] } };
    if (!res.ok) return { ok: false, errors: { fields: [json.message ?? STRINGS.wentWrong] } };
    return { ok: true, thanks: json.message ?? STRINGS.thanks, visitor_token: json.visitor_token };
  } catch {
    return { ok: false, errors: { fields: [STRINGS.offlineForm] } };
  }
}

/** Asks for a person (record 058): who answers now and whether anyone is around; throws when the request fails. */
/** A call whose answer the panel needs (resolve, rate): its JSON, or a throw on any failure. */
export async function postConversation<T>(chatbotId: string, conversationId: string, path: "resolve" | "rating", body: WidgetRating | { visitor_token: string }): Promise<T> {
  const res = await fetch(`/api/widget/${chatbotId}/conversations/${conversationId}/${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(String(res.status));
  return (await res.json()) as T;
}

export async function requestPerson(chatbotId: string, conversationId: string, visitorToken: string): Promise<WidgetHandoffAnswer> {
  const res = await fetch(`/api/widget/${chatbotId}/conversations/${conversationId}/handoff`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ visitor_token: visitorToken }) });
  if (!res.ok) throw new Error(String(res.status));
  return (await res.json()) as WidgetHandoffAnswer;
}
