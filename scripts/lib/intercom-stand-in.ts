/**
 * A local stand-in for Intercom's REST API (2.x), on 127.0.0.1, for contract tests and the README's try-out:
 * the calls the handoff makes (`GET /me`, `POST /contacts/search`, `POST /contacts`, `POST /conversations`,
 * `POST /conversations/{id}/reply`; `Authorization: Bearer <access token>`; errors as
 * `{type: "error.list", errors: [{code, message}]}`; a 429 with `X-RateLimit-Limit`, `-Remaining` and
 * `-Reset` when told), recording contacts and conversations, and the webhook side: notifications of the
 * topics `conversation.admin.replied` and `conversation.admin.closed`, signed
 * `X-Hub-Signature: sha1=<HMAC-SHA1 of the body with the app's client secret>`, posted to a webhook URL.
 * Processes other than the one that started it (Playwright's workers) drive it through `/__control/*`:
 * `POST apps {token, client_secret, app_id, name}`, `GET conversations`, `POST reply {url, conversation_id, text}`,
 * `POST close {url, conversation_id}`.
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { answerJson as answer, faultQueue, readBody } from "./stand-in-http";

export interface IntercomContact {
  type: "contact";
  id: string;
  role: string;
  email: string | null;
  external_id: string | null;
  name: string | null;
}
export interface IntercomPart {
  id: string;
  author: "user" | "admin";
  body: string;
}
export interface IntercomConversation {
  id: string;
  contact_id: string;
  state: "open" | "closed";
  parts: IntercomPart[];
}
interface App {
  token: string;
  client_secret: string;
  app_id: string;
  name: string;
}

export interface IntercomStandIn {
  baseUrl: string;
  addApp(app: App): void;
  contacts: IntercomContact[];
  conversations: IntercomConversation[];
  /** Every API call, in order: `METHOD path`. */
  calls: Array<{ call: string; at: number }>;
  /** The next `count` calls to `call` (e.g. `POST /conversations`) answer 429 until `resetInSeconds` from now. */
  rateLimit(call: string, resetInSeconds: number, count?: number): void;
  /** An admin's reply in a conversation, as Intercom notifies it; the delivery's status and the notification (to send again). */
  adminReply(webhookUrl: string, conversationId: string, text: string): Promise<{ status: number; notification: unknown }>;
  adminClose(webhookUrl: string, conversationId: string): Promise<{ status: number; notification: unknown }>;
  /** Sends a notification as it is (signed with `secret`, or unsigned when null). */
  deliver(webhookUrl: string, notification: unknown, secret: string | null): Promise<number>;
  nextConversation(contactId?: string): Promise<IntercomConversation>;
  stop(): Promise<void>;
}

const errorList = (res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  answer(res, status, { type: "error.list", request_id: randomBytes(8).toString("hex"), errors: [{ code, message }] }, headers);

export const intercomSignature = (secret: string, raw: string) => `sha1=${createHmac("sha1", secret).update(raw).digest("hex")}`;

export async function startIntercomStandIn(opts: { unref?: boolean } = {}): Promise<IntercomStandIn> {
  const apps = new Map<string, App>();
  const contacts: IntercomContact[] = [];
  const conversations: IntercomConversation[] = [];
  const calls: Array<{ call: string; at: number }> = [];
  const limits = faultQueue<number>();
  let seq = 1000;
  const nextId = () => String(++seq);

  const notify = async (url: string, topic: string, conversation: IntercomConversation, parts: IntercomPart[]) => {
    const app = [...apps.values()][0]!;
    const notification = {
      type: "notification_event",
      app_id: app.app_id,
      id: `notif_${randomBytes(8).toString("hex")}`,
      topic,
      delivery_status: "pending",
      delivery_attempts: 1,
      created_at: Math.floor(Date.now() / 1000),
      data: {
        type: "notification_event_data",
        item: {
          type: "conversation",
          id: conversation.id,
          state: conversation.state,
          conversation_parts: {
            type: "conversation_part.list",
            conversation_parts: parts.map((p) => ({ type: "conversation_part", id: p.id, part_type: topic.endsWith("closed") ? "close" : "comment", body: p.body, author: { type: "admin", id: "991", name: "Sam" } })),
            total_count: parts.length,
          },
        },
      },
    };
    return { status: await deliver(url, notification, app.client_secret), notification };
  };
  const deliver = async (url: string, notification: unknown, secret: string | null) => {
    const raw = JSON.stringify(notification);
    const headers: Record<string, string> = { "Content-Type": "application/json", "User-Agent": "intercom-parrot-service-sidekiq/1.0" };
    if (secret !== null) headers["X-Hub-Signature"] = intercomSignature(secret, raw);
    const res = await fetch(url, { method: "POST", headers, body: raw });
    await res.arrayBuffer();
    return res.status;
  };
  const conversationOf = (id: string) => {
    const found = conversations.find((c) => c.id === id);
    if (!found) throw new Error(`no conversation ${id}`);
    return found;
  };
  const adminReply = (url: string, id: string, text: string) => {
    const conversation = conversationOf(id);
    const part: IntercomPart = { id: nextId(), author: "admin", body: `<p>${text.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</p>` };
    conversation.parts.push(part);
    return notify(url, "conversation.admin.replied", conversation, [part]);
  };
  const adminClose = (url: string, id: string) => {
    const conversation = conversationOf(id);
    conversation.state = "closed";
    return notify(url, "conversation.admin.closed", conversation, [{ id: nextId(), author: "admin", body: "" }]);
  };

  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? "").split("?")[0]!;
      if (path.startsWith("/__control/")) {
        const body = req.method === "POST" ? await readBody(req) : {};
        if (path === "/__control/apps") apps.set(String(body.token), body as unknown as App);
        if (path === "/__control/conversations") return answer(res, 200, conversations);
        if (path === "/__control/reply") return answer(res, 200, await adminReply(String(body.url), String(body.conversation_id), String(body.text)));
        if (path === "/__control/close") return answer(res, 200, await adminClose(String(body.url), String(body.conversation_id)));
        return answer(res, 200, { ok: true });
      }
      const call = `${req.method} ${path.replace(/\/conversations\/[^/]+\/reply$/, "/conversations/{id}/reply")}`;
      calls.push({ call, at: Date.now() });
      const app = apps.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
      if (!app) return errorList(res, 401, "unauthorized", "Access Token Invalid");
      const reset = limits.next(call);
      if (reset !== undefined) {
        return errorList(res, 429, "rate_limit_exceeded", "Exceeded rate limit of 1000 in 60_seconds", {
          "X-RateLimit-Limit": "1000",
          "X-RateLimit-Remaining": "0",
          "X-RateLimit-Reset": String(Math.floor(Date.now() / 1000) + reset),
        });
      }
      const body = await readBody(req);
      if (call === "GET /me") return answer(res, 200, { type: "admin", id: "991", name: "Sam", email: "sam@bakery.test", app: { type: "app", id_code: app.app_id, name: app.name } });
      if (call === "POST /contacts/search") {
        const query = (body.query ?? {}) as { field?: string; operator?: string; value?: string };
        if ((query.field !== "email" && query.field !== "external_id") || query.operator !== "=") return errorList(res, 400, "parameter_invalid", "Unsupported query");
        const data = contacts.filter((c) => c[query.field as "email" | "external_id"] === query.value);
        return answer(res, 200, { type: "list", data, total_count: data.length, pages: { type: "pages", page: 1, per_page: 50, total_pages: 1 } });
      }
      if (call === "POST /contacts") {
        const clash = contacts.find((c) => (body.email && c.email === body.email) || (body.external_id && c.external_id === body.external_id));
        if (clash) return errorList(res, 409, "conflict", `A contact matching those details already exists with id=${clash.id}`);
        const contact: IntercomContact = { type: "contact", id: randomBytes(12).toString("hex"), role: String(body.role ?? "user"), email: (body.email as string) ?? null, external_id: (body.external_id as string) ?? null, name: (body.name as string) ?? null };
        contacts.push(contact);
        return answer(res, 200, contact);
      }
      if (call === "POST /conversations") {
        const from = (body.from ?? {}) as { type?: string; id?: string };
        if (!contacts.some((c) => c.id === from.id)) return errorList(res, 404, "not_found", "User Not Found");
        if (typeof body.body !== "string" || !body.body) return errorList(res, 400, "parameter_not_found", "body is required");
        const conversation: IntercomConversation = { id: nextId(), contact_id: from.id!, state: "open", parts: [{ id: nextId(), author: "user", body: body.body }] };
        conversations.push(conversation);
        return answer(res, 200, { type: "user_message", id: conversation.parts[0]!.id, created_at: Math.floor(Date.now() / 1000), body: body.body, message_type: "inapp", conversation_id: conversation.id });
      }
      if (call === "POST /conversations/{id}/reply") {
        const conversation = conversations.find((c) => c.id === decodeURIComponent(path.split("/")[2]!));
        if (!conversation) return errorList(res, 404, "not_found", "Resource Not Found");
        if (body.type !== "user" || body.intercom_user_id !== conversation.contact_id || body.message_type !== "comment") return errorList(res, 400, "parameter_invalid", "Reply as the conversation's user");
        conversation.parts.push({ id: nextId(), author: "user", body: String(body.body) });
        return answer(res, 200, { type: "conversation", id: conversation.id, state: conversation.state });
      }
      return errorList(res, 404, "not_found", "Resource Not Found");
    })().catch((e: Error) => answer(res, 500, { type: "error.list", errors: [{ code: "server_error", message: e.message }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  if (opts.unref) server.unref();

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    contacts,
    conversations,
    calls,
    addApp: (app) => apps.set(app.token, app),
    rateLimit: (call, resetInSeconds, count = 1) => limits.add(call, resetInSeconds, count),
    adminReply,
    adminClose,
    deliver,
    async nextConversation(contactId) {
      for (;;) {
        const found = conversations.find((c) => contactId === undefined || c.contact_id === contactId);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Drives a stand-in started by another process (Playwright's runner) through its control routes. */
export function intercomControl(baseUrl: string) {
  const call = async (path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}/__control/${path}`, { method: body === undefined ? "GET" : "POST", headers: { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
    return (await res.json()) as unknown;
  };
  return {
    addApp: (app: App) => call("apps", app),
    conversations: () => call("conversations") as Promise<IntercomConversation[]>,
    reply: (url: string, conversationId: string, text: string) => call("reply", { url, conversation_id: conversationId, text }),
    close: (url: string, conversationId: string) => call("close", { url, conversation_id: conversationId }),
  };
}
