import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { purgeExpiredData } from "@/server/privacy";
import { createCaller } from "@/server/transport/root";
import { contact, conversation, feedback, link, linkClick, visitor } from "../helpers/analytics-fixtures";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot, clientWorkspace, teamMember } from "../helpers/fixtures";
import { startAppServer } from "../helpers/server";
import { trpcFailure } from "../helpers/trpc-failure";

/**
 * Retention and a person's data on request over real HTTP against the production build
 * (docs/decisions/124-retention-and-a-persons-data.md): the client's `data_retention_days` and its checks,
 * the nightly purge leaving analytics, the credit ledger and the audit log as they were, a contact's export
 * and erasure (204, then 404; the `contact.erased` event and the audit entry; gone from the API and search).
 */
let base: string;
let db: Db;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let member: Awaited<ReturnType<typeof teamMember>>;
let clientId: string;
let botId: string;
let foreignBotId: string;

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();
const isoDay = (n: number) => daysAgo(n).slice(0, 10);

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.db;
  owner = await agencyOwner(db);
  const workspace = await clientWorkspace(db, owner.agency, "Harbor Clinic");
  clientId = workspace.id;
  botId = (await chatbot(db, workspace.id, owner.user.id, "Front desk")).id;
  member = await teamMember(db, workspace.id, "member");
  const other = await agencyOwner(db);
  foreignBotId = (await chatbot(db, (await clientWorkspace(db, other.agency)).id, other.user.id, "Foreign")).id;
  await db.team.update({ where: { id: owner.agency.id }, data: { dataRetentionMaxDays: 365 } });
  base = (await startAppServer(created.url)).baseUrl;
});

const call = async (method: string, path: string, body?: unknown, token = owner.token) => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: "application/json",
      ...(body === undefined ? {} : { "Content-Type": "application/json", "Idempotency-Key": randomUUID() }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, any>) : null }; // eslint-disable-line @typescript-eslint/no-explicit-any
};

/** Analytics of the last 120 days, recounted from the rollups (the version touched, so nothing kept in memory answers). */
async function analytics(chatbotId: string) {
  await db.$executeRaw`SELECT analytics_touch(${chatbotId}::uuid)`;
  const res = await call("GET", `/v1/${chatbotId}/analytics?from=${isoDay(120)}&to=${isoDay(0)}`);
  expect(res.status).toBe(200);
  return res.body!;
}

/** A visitor with a lead and one conversation `at`, a rated answer and a link click: every kind of figure. */
async function person(chatbotId: string, at: string, email: string, words = "opening hours") {
  const v = await visitor(db, chatbotId, { name: "Germany", code: "DE" });
  const c = await conversation(db, chatbotId, {
    at,
    visitorId: v.id,
    category: "Booking",
    sentiment: "negative",
    messages: [
      { role: "user", content: `What are your ${words}?` },
      { role: "assistant", answered: true },
    ],
  });
  await feedback(db, c.messages[1]!, "positive", at);
  await linkClick(db, chatbotId, (await link(db, chatbotId, `https://clinic.example/${randomUUID()}`, "Hours")).id, at, { conversationId: c.id });
  const k = await contact(db, chatbotId, v.id, at, { email });
  await db.contact.update({ where: { id: k.id }, data: { updatedAt: new Date(at), customData: { insurance: "public" } } });
  await db.visitor.update({ where: { id: v.id }, data: { lastSeenAt: new Date(at) } });
  return { visitor: v, conversation: c, contact: k };
}

describe("data_retention_days on PATCH /v1/agency/clients/{client_id}", () => {
  it("is set within the agency's maximum, refused below one day or above it naming the field, shown on the client and audited", async () => {
    const path = `/v1/agency/clients/${clientId}`;
    expect((await call("GET", path)).body!.client.data_retention_days).toBeNull();
    for (const days of [0, -3, 366]) {
      const refused = await call("PATCH", path, { data_retention_days: days });
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.body!.errors)).toEqual(["data_retention_days"]);
    }
    expect((await call("PATCH", path, { data_retention_days: 366 })).body!.errors.data_retention_days[0]).toMatch(/maximum of 365 days/);
    const set = await call("PATCH", path, { data_retention_days: 30, message_limit: 500 });
    expect(set.status).toBe(200);
    expect(set.body!.client.data_retention_days).toBe(30);
    expect((await call("GET", path)).body!.client.data_retention_days).toBe(30);
    const audit = await db.auditEntry.findMany({ where: { teamId: clientId, action: "client.data_retention_changed" } });
    expect(audit.map((a) => [a.before, a.after])).toEqual([[{ data_retention_days: null }, { data_retention_days: 30 }]]);
  });
});

describe("a client's own retention, on its team page", () => {
  it("is set by the client's admins within the agency's maximum, refused above it naming the field, and by a member not at all", async () => {
    const admin = await teamMember(db, clientId, "admin");
    const as = (user: { id: string }) => createCaller({ db, user: user as typeof owner.user, via: "token", tokenId: null }).privacy;
    expect(await as(admin.user).teamRetention({ team_id: clientId })).toEqual({ days: 30, default_days: null, max_days: 365, effective_days: 30 });
    const refused = await trpcFailure(as(admin.user).setTeamRetention({ team_id: clientId, days: 400 }));
    expect(refused.errors).toEqual({ days: [expect.stringMatching(/maximum of 365 days/)] });
    expect((await trpcFailure(as(member.user).setTeamRetention({ team_id: clientId, days: 7 }))).code).toBe("FORBIDDEN");
    expect(await as(admin.user).setTeamRetention({ team_id: clientId, days: 14 })).toMatchObject({ days: 14, effective_days: 14 });
    expect((await call("GET", `/v1/agency/clients/${clientId}`)).body!.client.data_retention_days).toBe(14);
    const audit = await db.auditEntry.findMany({ where: { teamId: clientId, action: "client.data_retention_changed", actorUserId: admin.user.id } });
    expect(audit.map((a) => [a.before, a.after])).toEqual([[{ data_retention_days: 30 }, { data_retention_days: 14 }]]);
    // Back to the 30 days the purge below counts on.
    await as(admin.user).setTeamRetention({ team_id: clientId, days: 30 });
  });
});

describe("the nightly retention purge", () => {
  it("deletes conversations, messages, visitors and contacts past the client's 30 days; analytics, the ledger and the audit log stay as they were", async () => {
    await db.team.update({ where: { id: clientId }, data: { dataRetentionDays: 30 } });
    const old = await person(botId, daysAgo(60), "old@example.test");
    const recent = await person(botId, daysAgo(2), "recent@example.test");
    // Another agency keeps everything: its old data stays.
    const foreign = await person(foreignBotId, daysAgo(60), "foreign@example.test");
    const before = await analytics(botId);
    expect(before.totalConversations).toBe(2);
    const ledger = await db.creditLedgerEntry.count();
    const audit = await db.auditEntry.count();
    expect(ledger).toBeGreaterThan(0);

    const counts = await purgeExpiredData(db);
    expect(counts).toEqual({ messages: 2, conversations: 1, contacts: 1, visitors: 1 });
    expect(await db.conversation.findUnique({ where: { id: old.conversation.id } })).toBeNull();
    expect(await db.message.count({ where: { conversationId: old.conversation.id } })).toBe(0);
    expect(await db.contact.findUnique({ where: { id: old.contact.id } })).toBeNull();
    expect(await db.visitor.findUnique({ where: { id: old.visitor.id } })).toBeNull();
    expect(await db.conversation.count({ where: { id: { in: [recent.conversation.id, foreign.conversation.id] } } })).toBe(2);

    expect(await analytics(botId)).toEqual(before);
    expect(await db.creditLedgerEntry.count()).toBe(ledger);
    expect(await db.auditEntry.count()).toBe(audit);
    // Nothing is left to purge: a second night deletes nothing.
    expect(await purgeExpiredData(db)).toEqual({ messages: 0, conversations: 0, contacts: 0, visitors: 0 });
  });
});

describe("a contact's data: GET …/contacts/{contact_id}/export and DELETE …/contacts/{contact_id}", () => {
  it("exports every conversation, message, lead field and rating as JSON, streamed, across more than one read batch", async () => {
    const p = await person(botId, daysAgo(1), "export@example.test");
    const second = await conversation(db, botId, { at: daysAgo(0.5), visitorId: p.visitor.id, messages: [] });
    await db.$executeRaw`INSERT INTO messages (conversation_id, chatbot_id, role, content, created_at)
      SELECT ${second.id}::uuid, ${botId}::uuid, 'user', 'line ' || i, now() - interval '1 hour' + i * interval '1 millisecond' FROM generate_series(1, 2500) i`;
    const res = await fetch(`${base}/v1/${botId}/contacts/${p.contact.id}/export`, { headers: { Authorization: `Bearer ${owner.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("content-length")).toBeNull();
    const body = (await res.json()) as { contact: Record<string, unknown>; conversations: Array<{ id: string; messages: Array<{ role: string; content: string; rating: string | null }> }> };
    expect(body.contact).toMatchObject({ id: p.contact.id, email: "export@example.test", custom_data: { insurance: "public" } });
    expect(body.conversations.map((c) => c.id)).toEqual([p.conversation.id, second.id]);
    expect(body.conversations[0]!.messages.map((m) => [m.role, m.rating])).toEqual([["user", null], ["assistant", "positive"]]);
    expect(body.conversations[1]!.messages.map((m) => m.content)).toEqual(Array.from({ length: 2500 }, (_, i) => `line ${i + 1}`));
    const audit = await db.auditEntry.findFirstOrThrow({ where: { action: "contact.exported", targetId: p.contact.id } });
    expect(audit.actorUserId).toBe(owner.user.id);
  });

  it("erases the contact with their conversations, messages and HubSpot link: 204, the event, the audit entry, gone from the API and search, then 404", async () => {
    const p = await person(botId, daysAgo(3), "erase@example.test", "zebra appointments");
    const inbox = createCaller({ db, user: owner.user, via: "token", tokenId: null }).conversations;
    expect((await inbox.inbox({ chatbot_id: botId, search: "zebra" })).data.map((c) => c.id)).toEqual([p.conversation.id]);
    await db.crmSync.create({ data: { contactId: p.contact.id, teamId: clientId, status: "synced", hubspotContactId: "901" } });
    const before = await analytics(botId);
    const path = `/v1/${botId}/contacts/${p.contact.id}`;
    expect((await call("DELETE", path, undefined, member.token)).status).toBe(403);

    const erased = await call("DELETE", path);
    expect(erased.status).toBe(204);
    expect(await db.crmSync.count({ where: { contactId: p.contact.id } })).toBe(0);
    expect(await db.message.count({ where: { conversationId: p.conversation.id } })).toBe(0);
    const event = await db.outboxEvent.findFirstOrThrow({ where: { type: "contact.erased" } });
    expect(event.data).toMatchObject({ contact_id: p.contact.id, visitor_id: p.visitor.id, chatbot_id: botId, conversations: 1 });
    expect(JSON.stringify(event.data)).not.toContain("erase@example.test");
    const audit = await db.auditEntry.findFirstOrThrow({ where: { action: "contact.erased", targetId: p.contact.id } });
    expect([audit.actorUserId, audit.teamId]).toEqual([owner.user.id, clientId]);

    // Gone from the API, the inbox and its search; analytics keep their counts.
    expect((await call("GET", `${path}/export`)).status).toBe(404);
    expect((await call("GET", `/v1/${botId}/contacts?per_page=100`)).body!.data.map((c: { id: string }) => c.id)).not.toContain(p.contact.id);
    expect((await call("GET", `/v1/${botId}/conversations/${p.conversation.id}`)).status).toBe(404);
    expect((await inbox.inbox({ chatbot_id: botId, search: "zebra" })).data).toEqual([]);
    expect(await analytics(botId)).toEqual(before);

    // Erasing again, or a contact of another workspace through this chatbot: 404.
    expect((await call("DELETE", path)).status).toBe(404);
    const foreign = await person(foreignBotId, daysAgo(3), "elsewhere@example.test");
    expect((await call("DELETE", `/v1/${botId}/contacts/${foreign.contact.id}`)).status).toBe(404);
    expect((await call("GET", `/v1/${botId}/contacts/${foreign.contact.id}/export`)).status).toBe(404);
    expect(await db.contact.count({ where: { id: foreign.contact.id } })).toBe(1);
  });

  it("finds one person's contacts across the workspace's chatbots by e-mail, in any case", async () => {
    const secondBot = await chatbot(db, clientId, owner.user.id, "Second desk");
    await person(botId, daysAgo(1), "Same.Person@example.test");
    await person(secondBot.id, daysAgo(1), "same.person@example.test");
    await person(foreignBotId, daysAgo(1), "same.person@example.test");
    const found = await createCaller({ db, user: owner.user, via: "token", tokenId: null }).privacy.contactsByEmail({ chatbot_id: botId, email: "SAME.person@example.test" });
    expect(found.map((c) => c.chatbot_name).sort()).toEqual(["Front desk", "Second desk"]);
  });
});
