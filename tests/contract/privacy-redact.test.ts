/* eslint-disable @typescript-eslint/no-explicit-any -- bodies are checked field by field */
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { createWebhook } from "@/server/webhooks/endpoints";
import { onCleanup } from "../helpers/cleanup";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, teamMember } from "../helpers/fixtures";
import { apiClient } from "../helpers/http";
import { startReceiver, waitFor } from "../helpers/https-receiver";
import { startOpenAiStub, type OpenAiStub } from "../helpers/openai-stub";
import { startAppServer } from "../helpers/server";
import { signIn } from "../helpers/session";
import { sseFrames } from "../helpers/sse";
import { startWorkerProcess } from "../helpers/worker-process";

/**
 * Redaction and the agency's visits (docs/decisions/125-redaction-and-the-agencys-visits.md), over real
 * HTTP against the production build, one worker delivering webhooks to a local HTTPS receiver and the
 * local OpenAI-compatible stand-in answering: a card number typed in the widget is masked in the stored
 * message, the LLM's request and the webhook, while the lead form's fields are kept; the agency owner's
 * reading is in the client admin's Access log, and a workspace that asks first refuses it until its
 * admin grants access.
 */
let db: Db;
let base: string;
let api: ReturnType<typeof apiClient>;
let stub: OpenAiStub;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let admin: Awaited<ReturnType<typeof teamMember>>;
let clientId: string;
let maskedId: string;
let plainId: string;

const CARD = "4111 1111 1111 1111";
const TYPED = `I want to speak to a human. My card is ${CARD}, mail me at jane+orders@mail.example.com`;
const MASKED = "I want to speak to a human. My card is [card], mail me at [email]";
// A question the model answers (asking for a person is answered without it: the conversation waits for one).
const ASKED = `My card is ${CARD}, mail me at jane+orders@mail.example.com. When are you open?`;
const ASKED_MASKED = "My card is [card], mail me at [email]. When are you open?";

beforeAll(async () => {
  // Read once by src/server/kernel/env.ts on first use, which comes after this: the receiver is on 127.0.0.1.
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "true";
  [receiver, stub] = await Promise.all([startReceiver(), startOpenAiStub()]);
  onCleanup(receiver.close);
  onCleanup(stub.stop);
  stub.reply({ text: "A person will be with you shortly." });
  const created = await createTestDatabase();
  db = created.db;
  owner = await agencyOwner(db);
  await createWebhook(db, owner.agency, { url: receiver.url("/events"), events: null });
  const [app] = await Promise.all([
    startAppServer(created.url, { OPENAI_BASE_URL: stub.baseURL, OPENAI_API_KEY: "sk-test-stand-in" }),
    startWorkerProcess(created.url, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true", WEBHOOK_CA_CERTS: receiver.caFile, WEBHOOK_TIMEOUT_MS: "15000" }),
  ]);
  base = app.baseUrl;
  api = apiClient(base);
  const client = await api("POST", "/v1/agency/clients", { token: owner.token, key: "privacy-clinic", body: { name: "Harbor Clinic", message_limit: 100 } });
  expect(client.status).toBe(201);
  clientId = client.body.client.id;
  // The create API takes the switch; the second agent leaves it off (the default).
  const masked = await api("POST", `/v1/agency/clients/${clientId}/chatbots`, { token: owner.token, body: { name: "Masked", redact_pii: true } });
  const plain = await api("POST", `/v1/agency/clients/${clientId}/chatbots`, { token: owner.token, body: { name: "Plain" } });
  [maskedId, plainId] = [masked.body.chatbot.id, plain.body.chatbot.id];
  // No sources: the model answers from general knowledge, and asking for a human escalates (escalation.created).
  await db.chatbot.updateMany({ where: { id: { in: [maskedId, plainId] } }, data: { enableAssistantFallback: true, enableEscalations: true } });
  admin = await teamMember(db, clientId, "admin", "Clinic Admin");
}, 180_000);

async function widgetChat(botId: string, message: string): Promise<string> {
  const res = await fetch(`${base}/api/widget/${botId}/chat`, { method: "POST", headers: { "Content-Type": "application/json", Accept: "text/event-stream" }, body: JSON.stringify({ message }) });
  expect(res.status).toBe(200);
  const done = sseFrames(await res.text()).find((f) => f.event === "done");
  return (done!.data as any).conversation_id;
}

const userMessage = async (botId: string, conversationId: string) => {
  const read = await api("GET", `/v1/${botId}/conversations/${conversationId}`, { token: owner.token });
  expect(read.status).toBe(200);
  return read.body.messages.find((m: any) => m.role === "user").content as string;
};
const lastQuestionToLlm = () => stub.requests.at(-1)!.body.messages.at(-1)!.content;
const delivered = (type: string) => receiver.at("/events").map((r) => JSON.parse(r.body)).filter((e) => e.event === type);

describe("redaction of visitors' personal data", () => {
  it("masks a card number typed in the widget in the inbox, the LLM request and the webhook; keeps the lead form's fields", async () => {
    expect((await api("GET", `/v1/${maskedId}/privacy`, { token: owner.token })).body).toEqual({ redact_pii: true });
    const asked = await widgetChat(maskedId, ASKED);
    expect(await userMessage(maskedId, asked)).toBe(ASKED_MASKED);
    expect(lastQuestionToLlm()).toContain(ASKED_MASKED);
    expect(JSON.stringify(stub.requests.at(-1)!.body)).not.toContain("4111");
    const conversationId = await widgetChat(maskedId, TYPED);
    expect(await userMessage(maskedId, conversationId)).toBe(MASKED);
    const escalation = await waitFor(async () => delivered("escalation.created").find((e) => e.data.escalation.conversation_id === conversationId), 15_000, "escalation.created");
    expect(escalation.data.escalation.message).toBe(MASKED);

    // The lead form's fields are the point of the form: kept as typed, in the contact and in lead.captured.
    const lead = await fetch(`${base}/api/widget/${maskedId}/leads`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ fields: { email: "jane+orders@mail.example.com", name: "Jane" } }) });
    expect(lead.status).toBe(201);
    expect((await db.contact.findFirstOrThrow({ where: { chatbotId: maskedId } })).email).toBe("jane+orders@mail.example.com");
    const captured = await waitFor(async () => delivered("lead.captured").find((e) => e.chatbot_id === maskedId), 15_000, "lead.captured");
    expect(JSON.stringify(captured.data)).toContain("jane+orders@mail.example.com");
  });

  it("leaves messages as typed when off, and is switched by PATCH /v1/{chatbot_id}/privacy", async () => {
    const conversationId = await widgetChat(plainId, ASKED);
    expect(await userMessage(plainId, conversationId)).toBe(ASKED);
    expect(lastQuestionToLlm()).toContain(CARD);

    expect((await api("PATCH", `/v1/${plainId}/privacy`, { token: owner.token, body: { redact_pii: "yes" } })).status).toBe(422);
    expect((await api("PATCH", `/v1/${plainId}/privacy`, { token: owner.token, body: { redact_pii: true } })).body).toEqual({ redact_pii: true });
    const next = await widgetChat(plainId, `Card ${CARD} again`);
    expect(await userMessage(plainId, next)).toBe("Card [card] again");
  });
});

describe("the agency's access to a client workspace", () => {
  const trpc = async (cookie: string, path: string, input: unknown, method: "GET" | "POST" = "POST") => {
    const res =
      method === "GET"
        ? await fetch(`${base}/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { Cookie: cookie } })
        : await fetch(`${base}/api/trpc/${path}`, { method: "POST", headers: { Cookie: cookie, Origin: base, "Content-Type": "application/json" }, body: JSON.stringify(input) });
    const body = (await res.json()) as any;
    return { status: res.status, data: body.result?.data, error: body.error };
  };

  it("records the owner's views for the client admin's Access log; ask_first refuses conversations until the admin grants access", async () => {
    const adminCookie = (await signIn(base, admin.user.email, "password-123")).cookie;
    const ownerCookie = (await signIn(base, owner.user.email, "password-123")).cookie;
    // Read again (the tests above read both chatbots' conversations): still one entry per chatbot, a visit
    // being recorded once per page in ten minutes.
    expect((await api("GET", `/v1/${maskedId}/conversations`, { token: owner.token })).status).toBe(200);
    expect((await api("GET", `/v1/${maskedId}/contacts`, { token: owner.token })).status).toBe(200);
    // The client's own admin reading leaves no trace in the Access log.
    expect((await api("GET", `/v1/${maskedId}/conversations`, { token: admin.token })).status).toBe(200);

    const log = await trpc(adminCookie, "accessLog.log", { team_id: clientId, page: 1, per_page: 50 }, "GET");
    expect(log.status).toBe(200);
    const views = log.data.data.filter((e: any) => e.action.startsWith("agency.viewed"));
    expect(views.map((e: any) => [e.action, e.target.name, e.actor.user_id])).toEqual([
      ["agency.viewed_contacts", "Masked", owner.user.id],
      ["agency.viewed_conversations", "Plain", owner.user.id],
      ["agency.viewed_conversations", "Masked", owner.user.id],
    ]);
    expect(log.data.data.every((e: any) => e.actor.user_id === owner.user.id)).toBe(true);
    expect(log.data.data.some((e: any) => e.action === "chatbot.redaction_changed")).toBe(true);

    // The agency cannot change what the client asks of it; the client's admin can.
    expect((await trpc(ownerCookie, "accessLog.setMode", { team_id: clientId, agency_access: "open" })).status).toBe(403);
    expect((await api("POST", `/v1/agency/clients/${clientId}/access-requests`, { token: owner.token })).status).toBe(422);
    const set = await trpc(adminCookie, "accessLog.setMode", { team_id: clientId, agency_access: "ask_first" });
    expect(set.data.agency_access).toBe("ask_first");

    const refused = await api("GET", `/v1/${maskedId}/conversations`, { token: owner.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/request access/i);
    expect((await trpc(ownerCookie, "conversations.inbox", { chatbot_id: maskedId }, "GET")).error.data.appCode).toBe("ACCESS_REQUEST_REQUIRED");
    // Contacts are recorded, not held back; the client's own admin still reads conversations.
    expect((await api("GET", `/v1/${maskedId}/contacts`, { token: owner.token })).status).toBe(200);
    expect((await api("GET", `/v1/${maskedId}/conversations`, { token: admin.token })).status).toBe(200);
    // A person's export holds their conversations: held back too, before any contact is looked up (403, not 404).
    const exported = await api("GET", `/v1/${maskedId}/contacts/${crypto.randomUUID()}/export`, { token: owner.token });
    expect(exported.status).toBe(403);

    const asked = await api("POST", `/v1/agency/clients/${clientId}/access-requests`, { token: owner.token });
    expect(asked.status).toBe(201);
    expect(asked.body.request).toMatchObject({ status: "pending", active: false, requested_by: { id: owner.user.id } });
    expect((await api("POST", `/v1/agency/clients/${clientId}/access-requests`, { token: owner.token })).body.request.id).toBe(asked.body.request.id);
    expect((await trpc(ownerCookie, "accessLog.decide", { team_id: clientId, request_id: asked.body.request.id, approve: true })).status).toBe(403);

    const granted = await trpc(adminCookie, "accessLog.decide", { team_id: clientId, request_id: asked.body.request.id, approve: true });
    expect(granted.data).toMatchObject({ status: "approved", active: true });
    const hours = (Date.parse(granted.data.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect((await api("GET", `/v1/${maskedId}/conversations`, { token: owner.token })).status).toBe(200);
    expect((await api("GET", `/v1/agency/clients/${clientId}/access-requests`, { token: owner.token })).body).toMatchObject({ agency_access: "ask_first", requests: [{ status: "approved" }] });

    // The grant runs out: refused again.
    await db.agencyAccessRequest.update({ where: { id: asked.body.request.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await api("GET", `/v1/${maskedId}/conversations`, { token: owner.token })).status).toBe(403);

    const after = await trpc(adminCookie, "accessLog.log", { team_id: clientId, page: 1, per_page: 5 }, "GET");
    // Newest first: the request (the views since were within ten minutes of the first ones).
    expect(after.data.data[0]).toMatchObject({ action: "agency_access.requested", actor: { user_id: owner.user.id } });
    expect(after.data.total).toBeGreaterThan(5);
  });
});
