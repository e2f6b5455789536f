/**
 * A local stand-in for the WhatsApp Cloud API's Graph endpoints, on 127.0.0.1, for contract tests:
 * `GET /{phone_number_id}` and `POST /{phone_number_id}/messages` with `Authorization: Bearer {token}`,
 * errors as Graph writes them (`{error: {message, type, code, fbtrace_id}}`). It also plays Meta's
 * side of the webhook: the subscription handshake (`hub.*`) and deliveries signed with
 * `X-Hub-Signature-256` (HMAC-SHA256 of the raw body with the app secret).
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { answerJson as answer, faultQueue, readBody } from "./stand-in-http";

export interface GraphMessage {
  phone_number_id: string;
  to: string;
  /** A text's body, or an interactive message's body text. */
  text: string;
  /** An interactive list message's rows, as sent. */
  rows?: Array<{ id: string; title: string }>;
  at: number;
}

export interface GraphFault {
  status: number;
  code: number;
  message: string;
}

export interface WhatsAppStandIn {
  baseUrl: string;
  addNumber(accessToken: string, phoneNumberId: string, displayPhoneNumber: string): void;
  sent: GraphMessage[];
  sendAttempts: Array<{ to: string; at: number }>;
  failSends(to: string, fault: GraphFault, count?: number): void;
  /** Meta's subscription check: GET the callback URL with hub.mode, hub.verify_token, hub.challenge. */
  handshake(callbackUrl: string, verifyToken: string): Promise<{ status: number; text: string; challenge: string }>;
  /** A signed delivery (`signature` overrides the header; null sends none); the app's status. */
  deliver(callbackUrl: string, appSecret: string, body: unknown, signature?: string | null): Promise<number>;
  nextMessage(to: string, from?: number): Promise<GraphMessage>;
  stop(): Promise<void>;
}

const textMessage = (text: unknown) => {
  const body = (text as { body?: unknown } | undefined)?.body;
  return typeof body === "string" && body ? { text: body } : "text.body is required";
};

/** An interactive list, held to the documented limits: button ≤ 20, ≤ 10 rows in all, row title ≤ 24, row id ≤ 200. */
function listMessage(interactive: unknown): { text: string; rows: Array<{ id: string; title: string }> } | string {
  const i = interactive as { type?: unknown; body?: { text?: unknown }; action?: { button?: unknown; sections?: Array<{ rows?: Array<{ id?: unknown; title?: unknown }> }> } } | undefined;
  if (i?.type !== "list") return "interactive.type must be list here";
  if (typeof i.body?.text !== "string" || !i.body.text) return "interactive.body.text is required";
  const button = i.action?.button;
  if (typeof button !== "string" || !button || button.length > 20) return "interactive.action.button must be 1-20 characters";
  const rows = (i.action?.sections ?? []).flatMap((section) => section.rows ?? []);
  if (rows.length < 1 || rows.length > 10) return "a list has 1-10 rows";
  const valid = rows.every((r) => typeof r.id === "string" && r.id.length >= 1 && r.id.length <= 200 && typeof r.title === "string" && r.title.length >= 1 && r.title.length <= 24);
  return valid ? { text: i.body.text, rows: rows as Array<{ id: string; title: string }> } : "row ids must be 1-200 and row titles 1-24 characters";
}

/** Graph's error answer (a 429 is code 130429, "Rate limit hit", with no Retry-After). */
const graphError = (res: ServerResponse, fault: GraphFault) =>
  answer(res, fault.status, { error: { message: fault.message, type: "OAuthException", code: fault.code, fbtrace_id: randomBytes(8).toString("hex") } });

export async function startWhatsAppStandIn(): Promise<WhatsAppStandIn> {
  const numbers = new Map<string, { token: string; display: string }>();
  const faults = faultQueue<GraphFault>();
  const sent: GraphMessage[] = [];
  const sendAttempts: Array<{ to: string; at: number }> = [];

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://graph.local");
      const [phoneNumberId, edge] = url.pathname.split("/").filter(Boolean);
      const number = phoneNumberId ? numbers.get(phoneNumberId) : undefined;
      const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
      if (!number || number.token !== token) return graphError(res, { status: 401, code: 190, message: "Invalid OAuth access token - Cannot parse access token" });
      if (req.method === "GET" && !edge) return answer(res, 200, { id: phoneNumberId, display_phone_number: number.display, verified_name: "Bakery" });
      if (req.method === "POST" && edge === "messages") {
        const body = await readBody(req);
        const to = String(body.to ?? "");
        sendAttempts.push({ to, at: Date.now() });
        const fault = faults.next(to);
        if (fault) return graphError(res, fault);
        if (body.messaging_product !== "whatsapp") return graphError(res, { status: 400, code: 100, message: "(#100) Invalid parameter" });
        const message = body.type === "interactive" ? listMessage(body.interactive) : textMessage(body.text);
        if (typeof message === "string") return graphError(res, { status: 400, code: 131009, message: `(#131009) Parameter value is not valid: ${message}` });
        sent.push({ phone_number_id: phoneNumberId!, to, ...message, at: Date.now() });
        return answer(res, 200, { messaging_product: "whatsapp", contacts: [{ input: to, wa_id: to }], messages: [{ id: `wamid.${randomBytes(12).toString("hex")}` }] });
      }
      return graphError(res, { status: 400, code: 100, message: "Unsupported request" });
    })().catch((e: Error) => answer(res, 500, { error: { message: e.message, code: 1 } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    sent,
    sendAttempts,
    addNumber(accessToken, phoneNumberId, displayPhoneNumber) {
      numbers.set(phoneNumberId, { token: accessToken, display: displayPhoneNumber });
    },
    failSends: faults.add,
    async handshake(callbackUrl, verifyToken) {
      const challenge = String(Math.floor(Math.random() * 1e9));
      const url = `${callbackUrl}?${new URLSearchParams({ "hub.mode": "subscribe", "hub.verify_token": verifyToken, "hub.challenge": challenge })}`;
      const res = await fetch(url);
      return { status: res.status, text: await res.text(), challenge };
    },
    async deliver(callbackUrl, appSecret, body, signature) {
      const raw = JSON.stringify(body);
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      const value = signature === undefined ? `sha256=${createHmac("sha256", appSecret).update(raw).digest("hex")}` : signature;
      if (value !== null) headers["X-Hub-Signature-256"] = value;
      const res = await fetch(callbackUrl, { method: "POST", headers, body: raw });
      await res.arrayBuffer();
      return res.status;
    },
    async nextMessage(to, from = 0) {
      for (;;) {
        const found = sent.slice(from).find((m) => m.to === to);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A webhook delivery as the Cloud API sends it: one `messages` change of the number, carrying `value`. */
function whatsappDelivery(phoneNumberId: string, value: Record<string, unknown>) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "WABA_ID",
        changes: [{ field: "messages", value: { messaging_product: "whatsapp", metadata: { display_phone_number: "15550001111", phone_number_id: phoneNumberId }, ...value } }],
      },
    ],
  };
}

/** A webhook delivery with one inbound text message. */
export function whatsappTextDelivery(phoneNumberId: string, from: string, messageId: string, text: string) {
  return whatsappDelivery(phoneNumberId, {
    contacts: [{ profile: { name: "Ada" }, wa_id: from }],
    messages: [{ from, id: messageId, timestamp: String(Math.floor(Date.now() / 1000)), type: "text", text: { body: text } }],
  });
}

/** A status callback (sent, delivered, read): tolerated, never answered. */
export function whatsappStatusDelivery(phoneNumberId: string, messageId: string) {
  return whatsappDelivery(phoneNumberId, {
    statuses: [{ id: messageId, status: "delivered", timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: "15551234567" }],
  });
}

/** A webhook delivery with the person's choice on an interactive list message (`list_reply`). */
export function whatsappListReplyDelivery(phoneNumberId: string, from: string, messageId: string, row: { id: string; title: string }) {
  return whatsappDelivery(phoneNumberId, {
    contacts: [{ profile: { name: "Ada" }, wa_id: from }],
    messages: [{ from, id: messageId, timestamp: String(Math.floor(Date.now() / 1000)), type: "interactive", interactive: { type: "list_reply", list_reply: { id: row.id, title: row.title } } }],
  });
}
