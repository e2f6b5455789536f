import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { startIntercomStandIn, type IntercomStandIn } from "../../scripts/lib/intercom-stand-in";
import { startHandoffApp } from "../helpers/handoff-app";
import { until, widgetVisitor } from "../helpers/widget-visitor";
import { killWorkerProcesses } from "../helpers/worker-process";

/**
 * Intercom as the human side end to end (docs/decisions/119-intercom-as-the-human-side.md) over real
 * sockets, against the local Intercom stand-in: connected per workspace over REST (the token verified);
 * a widget visitor who asks for a person becomes a contact with an Intercom conversation holding the
 * transcript (a 429 waited out until its reset); a later message is added once; a signed admin reply reaches
 * the visitor's stream once; closing there resolves it here; bad signatures and conversations we did not
 * open are refused or ignored, never answered.
 */
let db: Db;
let ic: IntercomStandIn;
let api: Awaited<ReturnType<typeof startHandoffApp>>["api"];
let base: string;
let owner: Awaited<ReturnType<typeof startHandoffApp>>["owner"];
let teamId: string;
let botId: string;
const APP = { token: "dG9rOmFiY2RlZmdoaWprbG1ub3BxcnN0", client_secret: "intercom-client-secret-0123", app_id: "bakery42", name: "Bakery Support" };

beforeAll(async () => {
  ic = await startIntercomStandIn();
  ic.addApp(APP);
  ({ db, api, base, owner, teamId, botId } = await startHandoffApp(["chat_platform_1"], { INTERCOM_API_BASE_URL: ic.baseUrl }));
}, 120_000);

afterAll(async () => {
  await killWorkerProcesses();
  await ic?.stop();
});

const widgetChat = (body: Record<string, unknown>) => widgetVisitor(base, botId).chat(body);

const plain = (html: string) => html.replace(/<[^>]+>/g, "");

describe("Intercom as the human side", () => {
  let webhookUrl: string;
  let conversationId: string;
  let visitorToken: string;
  let intercomId: string;

  it("is connected per workspace over REST: a token Intercom refuses is 422, a good one shows its workspace and never comes back", async () => {
    const path = `/v1/agency/clients/${teamId}/intercom`;
    const refused = await api("PUT", path, { token: owner.token, body: { access_token: "not-a-token-intercom-knows", client_secret: APP.client_secret } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.access_token[0]).toContain("Access Token Invalid");
    expect((await api("PUT", path, { token: owner.token, body: { access_token: APP.token } })).body.errors.client_secret).toBeDefined();
    const res = await api("PUT", path, { token: owner.token, body: { access_token: APP.token, client_secret: APP.client_secret } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ enabled: true, connected: true, app_id: APP.app_id, app_name: APP.name });
    webhookUrl = res.body.webhook_url;
    expect(webhookUrl).toBe(`${base}/api/integrations/intercom/webhook/${teamId}`);
    const read = await api("GET", path, { token: owner.token });
    expect(read.body.connected).toBe(true);
    expect(read.text).not.toContain(APP.token);
    expect(read.text).not.toContain(APP.client_secret);
  });

  it("a visitor who asks for a person is handed over: a contact by our visitor id, a conversation with the transcript (a 429 waited out); a later message is added once", async () => {
    const first = await widgetChat({ message: "How much does delivery cost?" });
    conversationId = first!.conversation_id;
    visitorToken = first!.visitor_token;
    ic.rateLimit("POST /conversations", 1);
    await widgetChat({ message: "Can I talk to a real person please?", conversation_id: conversationId, visitor_token: visitorToken });
    const conversation = await db.conversation.findUniqueOrThrow({ where: { id: conversationId } });
    expect(conversation.status).toBe("waiting");

    const opened = await ic.nextConversation();
    intercomId = opened.id;
    const contact = ic.contacts.find((c) => c.id === opened.contact_id)!;
    expect(contact).toMatchObject({ role: "user", external_id: conversation.visitorId });
    const transcript = opened.parts[0]!.body;
    expect(transcript).toContain("Visitor: How much does delivery cost?");
    expect(transcript).toContain("Visitor: Can I talk to a real person please?");
    const opens = ic.calls.filter((c) => c.call === "POST /conversations");
    expect(opens).toHaveLength(2);
    // The second attempt waited for the window's reset (a whole second at most away), not a backoff of its own.
    expect(opens[1]!.at).toBeGreaterThanOrEqual(Math.floor(opens[0]!.at / 1000) * 1000 + 1000);

    await widgetChat({ message: "My order number is 4711.", conversation_id: conversationId, visitor_token: visitorToken });
    await until(() => opened.parts.length === 2, "the later message in Intercom");
    expect(opened.parts[1]).toMatchObject({ author: "user", body: "My order number is 4711." });
    await new Promise((r) => setTimeout(r, 500));
    expect(opened.parts).toHaveLength(2);
    expect(ic.conversations).toHaveLength(1);
    expect(ic.calls.filter((c) => c.call === "POST /contacts")).toHaveLength(1);
  });

  it("an admin's reply reaches the visitor's stream live, once (a redelivery adds nothing); the conversation is human", async () => {
    const { frames, close } = await widgetVisitor(base, botId).openStream(conversationId, visitorToken);
    await until(() => frames.some((f) => f.event === "status"), "the stream's status");
    const sent = await ic.adminReply(webhookUrl, intercomId, "Hi, Sam here: order 4711 leaves today & arrives tomorrow.");
    expect(sent.status).toBe(200);
    await until(() => frames.some((f) => f.event === "message"), "the admin's reply on the visitor's stream");
    expect(frames.find((f) => f.event === "message")!.data).toMatchObject({ role: "agent", content: "Hi, Sam here: order 4711 leaves today & arrives tomorrow." });
    await until(() => frames.some((f) => f.event === "status" && f.data.status === "human"), "status human");
    close();
    expect(await ic.deliver(webhookUrl, sent.notification, APP.client_secret)).toBe(200);
    expect(await db.message.count({ where: { conversationId, role: "agent" } })).toBe(1);
    // The visitor's messages after the reply still go to Intercom; our own agent message is not sent back as the visitor's.
    expect(ic.conversations[0]!.parts.filter((p) => p.author === "user").map((p) => plain(p.body))).toHaveLength(2);
  });

  it("a bad or missing signature is refused (401); a conversation we did not open is ignored (200) — nothing answered", async () => {
    const forged = { type: "notification_event", id: "notif_forged", topic: "conversation.admin.replied", data: { item: { type: "conversation", id: intercomId, conversation_parts: { conversation_parts: [{ id: "x1", part_type: "comment", body: "<p>forged</p>", author: { type: "admin" } }] } } } };
    expect(await ic.deliver(webhookUrl, forged, "not-the-client-secret")).toBe(401);
    expect(await ic.deliver(webhookUrl, forged, null)).toBe(401);
    const stranger = { ...forged, id: "notif_stranger", data: { item: { ...forged.data.item, id: "99999999" } } };
    expect(await ic.deliver(webhookUrl, stranger, APP.client_secret)).toBe(200);
    expect(await ic.deliver(webhookUrl.replace(teamId, "00000000-0000-4000-8000-000000000000"), forged, APP.client_secret)).toBe(404);
    expect(await db.message.count({ where: { conversationId, role: "agent" } })).toBe(1);
  });

  it("closing the conversation in Intercom resolves ours", async () => {
    expect((await ic.adminClose(webhookUrl, intercomId)).status).toBe(200);
    await until(async () => (await db.conversation.findUniqueOrThrow({ where: { id: conversationId } })).status === "resolved", "resolved");
  });
});
