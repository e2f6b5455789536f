import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot } from "../helpers/fixtures";
import { startAppServer } from "../helpers/server";

/**
 * docs/decisions/078-a-light-visitor-panel.md ("Leads at a hard pause or a suspension"): a hard-paused or suspended chatbot whose
 * lead form shows when it cannot answer (`on_no_credits`) still takes leads through the widget's leads
 * endpoint — data, never an answer, never charged; a new contact fires `lead.captured` as always. Its chat
 * stays closed (404), a chatbot without that flag, switched off or deleted takes none, and the share page
 * carries the form only where it is taken. Real HTTP against the production build.
 */
let base: string;
let db: Db;
let teamId: string;
let wantsId: string;
let quietId: string;

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.db;
  const owner = await agencyOwner(db);
  const team = await db.team.create({
    data: { kind: "client", name: "Stopped Bakery", plan: "agency_client", ownerId: owner.agency.ownerId, agencyId: owner.agency.id, messageLimit: 100 },
  });
  teamId = team.id;
  wantsId = (await chatbot(db, team.id, owner.user.id, "Wants Leads")).id; // the default form: on_no_credits
  const quiet = await chatbot(db, team.id, owner.user.id, "No Leads");
  quietId = quiet.id;
  await db.chatbot.update({
    where: { id: quiet.id },
    data: { leadForm: { fields: [{ key: "email", label: "Your e-mail", type: "email", required: true }], after_messages: null, on_handoff: true, on_no_credits: false } },
  });
  base = (await startAppServer(created.url)).baseUrl;
}, 180_000);

const lead = (id: string, fields: unknown) =>
  fetch(`${base}/api/widget/${id}/leads`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ fields }) });

async function pageData(id: string): Promise<{ status: number; data: Record<string, unknown> }> {
  const res = await fetch(`${base}/chat/${id}`);
  const html = await res.text();
  const json = /<script type="application\/json" id="acp-data"[^>]*>(.*?)<\/script>/s.exec(html)?.[1];
  return { status: res.status, data: JSON.parse(json!) as Record<string, unknown> };
}

const charged = async () => (await db.team.findUniqueOrThrow({ where: { id: teamId }, select: { messagesUsed: true } })).messagesUsed;

describe("POST /api/widget/{chatbot_id}/leads while the chatbot is stopped", () => {
  for (const [state, data] of [
    ["hard pause", { status: "paused", pauseMode: "hard" }],
    ["suspension", { status: "suspended", pauseMode: null }],
  ] as const) {
    it(`at a ${state}: takes the lead of a chatbot that wants leads (201, lead.captured, nothing charged); 404 otherwise`, async () => {
      await db.team.update({ where: { id: teamId }, data });
      const before = await charged();
      const email = `${state.replace(" ", "-")}@visitor.example`;
      const res = await lead(wantsId, { email, name: "Ada" });
      expect(res.status).toBe(201);
      const body = (await res.json()) as { message: string; visitor_token: string };
      expect(body.message).toMatch(/Thank you/);
      expect(body.visitor_token).toEqual(expect.any(String));
      const contact = await db.contact.findFirstOrThrow({ where: { chatbotId: wantsId, email } });
      expect(contact.firstName).toBe("Ada");
      const events = await db.outboxEvent.findMany({ where: { chatbotId: wantsId, type: "lead.captured" } });
      expect(events.some((e) => (e.data as { visitor: { email: string } }).visitor.email === email)).toBe(true);
      expect(await charged()).toBe(before);
      expect(await db.message.count({ where: { conversation: { chatbotId: wantsId } } })).toBe(0);

      // Bad input is still 422 by field; the chat itself stays closed.
      const bad = await lead(wantsId, { email: "not-an-email" });
      expect(bad.status).toBe(422);
      expect(((await bad.json()) as { errors: Record<string, string[]> }).errors["fields.email"]).toBeDefined();
      const chat = await fetch(`${base}/api/widget/${wantsId}/chat`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ message: "Hello?" }) });
      expect(chat.status).toBe(404);

      // A chatbot whose form does not show when it cannot answer takes no lead and its page offers none.
      const refused = await lead(quietId, { email: "quiet@visitor.example" });
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ message: expect.any(String) });
      expect((await pageData(quietId)).data.leads).toBeNull();

      // The share page carries the form of the chatbot that wants leads.
      const shared = await pageData(wantsId);
      expect(shared.status).toBe(200);
      expect(shared.data).toMatchObject({ open: false, leads: { chatbot_id: wantsId, lead_form: { on_no_credits: true } } });
    });
  }

  it("never for a switched-off, deleted or unknown chatbot", async () => {
    await db.team.update({ where: { id: teamId }, data: { status: "suspended", pauseMode: null } });
    await db.chatbot.update({ where: { id: wantsId }, data: { enabled: false } });
    expect((await lead(wantsId, { email: "off@visitor.example" })).status).toBe(404);
    expect((await pageData(wantsId)).data.leads).toBeNull();
    await db.chatbot.update({ where: { id: wantsId }, data: { enabled: true, deletedAt: new Date() } });
    expect((await lead(wantsId, { email: "gone@visitor.example" })).status).toBe(404);
    const gone = await pageData(wantsId);
    expect(gone.status).toBe(404);
    expect(gone.data).toMatchObject({ reason: "unknown", face: null, leads: null });
    expect((await lead(crypto.randomUUID(), { email: "x@visitor.example" })).status).toBe(404);
  });
});
