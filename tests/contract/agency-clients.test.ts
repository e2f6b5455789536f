import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { INTEGRATIONS } from "@/server/workspaces/integrations";
import { OFFSET_TIMESTAMP } from "@/server/kernel/lib/timestamps";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, userWithToken } from "../helpers/fixtures";
import { apiClient } from "../helpers/http";
import { startAppServer } from "../helpers/server";

/** The agency client endpoints over real HTTP: shapes, variants and every error row. */
let db: Db;
let base: string;
let api: ReturnType<typeof apiClient>;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let other: Awaited<ReturnType<typeof agencyOwner>>;
let plainUser: Awaited<ReturnType<typeof userWithToken>>;

const CLIENT_KEYS = [
  "id", "name", "external_reference", "status", "pause_mode", "paused_at", "byok_enabled", "enabled_integrations",
  "limits", "usage", "messages_remaining", "topup_credits_remaining", "credits_exhausted_at", "credits_reset_at", "created_at", "data_retention_days",
].sort();
const STATUS_KEYS = CLIENT_KEYS.filter((k) => !["byok_enabled", "enabled_integrations", "topup_credits_remaining", "credits_exhausted_at", "data_retention_days"].includes(k));
const TOPUP_KEYS = CLIENT_KEYS.filter((k) => k !== "enabled_integrations" && k !== "data_retention_days");
const AGENT_KEYS = ["id", "name", "enabled", "accent_color", "messages_remaining", "created_at"].sort();

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.db;
  owner = await agencyOwner(db);
  await db.team.update({ where: { id: owner.agency.id }, data: { workspaceLimit: 1000 } });
  other = await agencyOwner(db);
  plainUser = await userWithToken(db);
  base = (await startAppServer(created.url)).baseUrl;
  api = apiClient(base);
});

const key = () => randomUUID();
/** `k` null sends no Idempotency-Key. */
const create = (body: unknown, k: string | null = key(), token = owner.token) => api("POST", "/v1/agency/clients", { token, body, key: k ?? undefined });

describe("POST /v1/agency/clients", () => {
  it("creates a workspace with its first agent and an invitation (201, documented shapes)", async () => {
    const res = await create({
      name: "Acme Dental",
      external_reference: "crm-42",
      message_limit: 500,
      source_limit: 5,
      chatbot_limit: 2,
      response_token_limit: 800,
      byok_enabled: true,
      enabled_integrations: ["crm_1", "actions"],
      chatbot: { name: "Front desk", website_url: "https://acme-dental.example/" },
      invite_email: "Owner@Acme-Dental.example",
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["chatbot", "client", "invitation"]);
    const { client, chatbot, invitation } = res.body;
    expect(Object.keys(client).sort()).toEqual(CLIENT_KEYS);
    expect(client).toMatchObject({
      name: "Acme Dental",
      external_reference: "crm-42",
      status: "active",
      pause_mode: null,
      paused_at: null,
      byok_enabled: true,
      enabled_integrations: ["crm_1", "actions"],
      limits: { chatbots: 2, sources: 5, messages: 500, response_tokens: 800 },
      usage: { chatbots: 1, sources: 1, messages: 0 },
      messages_remaining: 500,
      topup_credits_remaining: 0,
      credits_exhausted_at: null,
    });
    expect(client.created_at).toMatch(OFFSET_TIMESTAMP);
    expect(client.credits_reset_at).toMatch(OFFSET_TIMESTAMP);

    expect(Object.keys(chatbot).sort()).toEqual(AGENT_KEYS);
    expect(chatbot).toMatchObject({ name: "Front desk", enabled: true, messages_remaining: 500 });
    expect(chatbot.accent_color).toMatch(/^linear-gradient\(/);
    expect(chatbot.created_at).toMatch(OFFSET_TIMESTAMP);
    const stored = await db.chatbot.findUniqueOrThrow({ where: { id: chatbot.id }, include: { sources: true } });
    expect(stored.type).toBe("website");
    expect(stored.sources).toMatchObject([{ url: "https://acme-dental.example/", status: "pending", type: "website" }]);

    expect(invitation).toMatchObject({ email: "owner@acme-dental.example", role: "admin" });
    expect(invitation.accept_url).toMatch(new RegExp(`^${base}/invitations/accept\\?token=`));
  });

  it("defaults integrations to the plan's, keeps [] as none, makes custom agents without a URL and keeps a given color", async () => {
    const all = await create({ name: "All integrations" });
    expect(all.status).toBe(201);
    expect(all.body.client.enabled_integrations).toEqual([...INTEGRATIONS]);
    expect(all.body.client.credits_reset_at).toBeNull();
    expect(all.body).not.toHaveProperty("chatbot");
    expect(all.body).not.toHaveProperty("invitation");
    const none = await create({ name: "No integrations", enabled_integrations: [], chatbot: { name: "Custom", accent_color: "#123456" } });
    expect(none.body.client.enabled_integrations).toEqual([]);
    expect(none.body.chatbot.accent_color).toBe("#123456");
    expect((await db.chatbot.findUniqueOrThrow({ where: { id: none.body.chatbot.id } })).type).toBe("custom");
    const nullIntegrations = await create({ name: "Null integrations", enabled_integrations: null, invite_email: "m@x.example", invite_role: "member" });
    expect(nullIntegrations.body.client.enabled_integrations).toEqual([...INTEGRATIONS]);
    expect(nullIntegrations.body.invitation.role).toBe("member");
  });

  it.each([
    [{}, "name"],
    [{ name: "   " }, "name"],
    [{ name: "X", response_token_limit: 49 }, "response_token_limit"],
    [{ name: "X", response_token_limit: 10001 }, "response_token_limit"],
    [{ name: "X", enabled_integrations: ["crm_1", "slack"] }, "enabled_integrations.1"],
    [{ name: "X", invite_email: "a@b.example", invite_role: "owner" }, "invite_role"],
    [{ name: "X", invite_email: "not-an-email" }, "invite_email"],
    [{ name: "X", message_limit: -1 }, "message_limit"],
    [{ name: "X", chatbot_limit: 1.5 }, "chatbot_limit"],
    [{ name: "X", source_limit: "5" }, "source_limit"],
    [{ name: "X", byok_enabled: "yes" }, "byok_enabled"],
    [{ name: "X", chatbot: {} }, "chatbot.name"],
    [{ name: "X", chatbot: { name: "A", website_url: "ftp://x.example" } }, "chatbot.website_url"],
    [{ name: "X", chatbot: { name: "A", accent_color: "red; background:url(x)" } }, "chatbot.accent_color"],
    [{ name: "X", chatbot: { name: "A", accent_color: "#4f46e5ff" } }, "chatbot.accent_color"],
    [{ name: "X", chatbot: { name: "A", accent_color: "linear-gradient(url(https://evil.test/x.png), red)" } }, "chatbot.accent_color"],
  ])("answers 422 {message, errors} for %j (field %s)", async (body, field) => {
    const res = await create(body);
    expect(res.status).toBe(422);
    expect(typeof res.body.message).toBe("string");
    expect(Object.keys(res.body.errors)).toContain(field);
    expect(res.body.errors[field][0]).toEqual(expect.any(String));
  });

  it("answers 400 without an Idempotency-Key, 401 without a token, 403 for a non-agency user", async () => {
    const noKey = await create({ name: "X" }, null);
    expect(noKey.status).toBe(400);
    expect(noKey.body.message).toMatch(/Idempotency-Key/);
    expect((await api("POST", "/v1/agency/clients", { body: { name: "X" }, key: key() })).status).toBe(401);
    const forbidden = await create({ name: "X" }, key(), plainUser.token);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ message: expect.any(String) });
  });

  it("replays a finished request byte for byte and refuses the key with another body", async () => {
    const k = key();
    const first = await create({ name: "Replay Co", message_limit: 10 }, k);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await create({ message_limit: 10, name: "Replay Co" }, k);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.text).toBe(first.text);
    const mismatch = await create({ name: "Another Co" }, k);
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.message).toMatch(/different request/);
    expect(await db.team.count({ where: { name: "Replay Co" } })).toBe(1);
  });

  it("does not store a request rejected by validation: the key stays usable", async () => {
    const k = key();
    expect((await create({ name: "Later", response_token_limit: 5 }, k)).status).toBe(422);
    const ok = await create({ name: "Later", response_token_limit: 50 }, k);
    expect(ok.status).toBe(201);
    expect(ok.body.client.limits.response_tokens).toBe(50);
  });

  it("creates exactly one workspace for 20 concurrent requests with one key", async () => {
    const k = key();
    const body = { name: "Concurrent Co", external_reference: "race-1" };
    const results = await Promise.all(Array.from({ length: 20 }, () => create(body, k)));
    const created = results.filter((r) => r.status === 201);
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => r.text)).size).toBe(1);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.message).toMatch(/still being processed/);
    expect(await db.team.count({ where: { externalReference: "race-1" } })).toBe(1);
    const replay = await create(body, k);
    expect(replay.status).toBe(201);
    expect(replay.text).toBe(created[0]!.text);
  });

  it("answers 422 when the plan's workspace limit is reached", async () => {
    const small = await agencyOwner(db);
    await db.team.update({ where: { id: small.agency.id }, data: { workspaceLimit: 1 } });
    expect((await create({ name: "First" }, key(), small.token)).status).toBe(201);
    const second = await create({ name: "Second" }, key(), small.token);
    expect(second.status).toBe(422);
    expect(second.body.message).toMatch(/workspace limit \(1\)/);
  });
});

describe("GET /v1/agency/clients and /{id}", () => {
  it("lists newest first, filters by external_reference and status, paginates", async () => {
    const agency = await agencyOwner(db);
    const ids: string[] = [];
    for (const [i, ref] of ["a", "b", "b"].entries()) {
      const res = await create({ name: `Client ${i}`, external_reference: ref, message_limit: 10 }, key(), agency.token);
      ids.push(res.body.client.id);
    }
    await api("POST", `/v1/agency/clients/${ids[0]}/suspend`, { token: agency.token, key: key() });

    const all = await api("GET", "/v1/agency/clients", { token: agency.token });
    expect(all.status).toBe(200);
    expect(Object.keys(all.body).sort()).toEqual(["current_page", "data", "per_page", "total"]);
    expect(all.body).toMatchObject({ current_page: 1, per_page: 25, total: 3 });
    expect(all.body.data.map((c: { id: string }) => c.id)).toEqual([...ids].reverse());
    expect(Object.keys(all.body.data[0]).sort()).toEqual(CLIENT_KEYS);

    const byRef = await api("GET", "/v1/agency/clients?external_reference=b", { token: agency.token });
    expect(byRef.body.total).toBe(2);
    const suspended = await api("GET", "/v1/agency/clients?status=suspended", { token: agency.token });
    expect(suspended.body.data.map((c: { id: string }) => c.id)).toEqual([ids[0]]);
    const page2 = await api("GET", "/v1/agency/clients?per_page=2&page=2", { token: agency.token });
    expect(page2.body).toMatchObject({ current_page: 2, per_page: 2, total: 3 });
    expect(page2.body.data.map((c: { id: string }) => c.id)).toEqual([ids[0]]);

    for (const q of ["per_page=101", "per_page=0", "page=0", "status=deleted", "page=x"]) {
      const bad = await api("GET", `/v1/agency/clients?${q}`, { token: agency.token });
      expect(bad.status, q).toBe(422);
      expect(bad.body.errors).toBeDefined();
    }
    const one = await api("GET", `/v1/agency/clients/${ids[1]}`, { token: agency.token });
    expect(one.status).toBe(200);
    expect(Object.keys(one.body)).toEqual(["client"]);
    expect(Object.keys(one.body.client).sort()).toEqual(CLIENT_KEYS);
  });

  it("answers 404 for another agency's client, an unknown id and a malformed id", async () => {
    const mine = await create({ name: "Mine" });
    for (const id of [mine.body.client.id, randomUUID(), "not-a-uuid", "1"]) {
      const res = await api("GET", `/v1/agency/clients/${id}`, { token: other.token });
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: "Client workspace not found." });
    }
    const topup = await api("POST", `/v1/agency/clients/${mine.body.client.id}/topups`, { token: other.token, key: key(), body: { amount: 5 } });
    expect(topup.status).toBe(404);
  });
});

describe("PATCH /v1/agency/clients/{id}", () => {
  it("changes only the fields sent and resets credits on request", async () => {
    const { body } = await create({ name: "Patch Me", external_reference: "p-1", message_limit: 100, byok_enabled: true });
    const id = body.client.id;
    await db.team.update({ where: { id }, data: { messagesUsed: 60 } });
    const renamed = await api("PATCH", `/v1/agency/clients/${id}`, { token: owner.token, key: key(), body: { name: "Patched" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.client).toMatchObject({ name: "Patched", external_reference: "p-1", byok_enabled: true, messages_remaining: 40 });

    const raised = await api("PATCH", `/v1/agency/clients/${id}`, { token: owner.token, key: key(), body: { message_limit: 150, chatbot_limit: null } });
    expect(raised.body.client).toMatchObject({ limits: { messages: 150, chatbots: null }, messages_remaining: 90 });

    const reset = await api("PATCH", `/v1/agency/clients/${id}`, { token: owner.token, key: key(), body: { reset_credits: true } });
    expect(reset.body.client).toMatchObject({ messages_remaining: 150, usage: { messages: 0 } });

    expect((await api("PATCH", `/v1/agency/clients/${id}`, { token: owner.token, body: { name: "x" } })).status).toBe(400);
    const bad = await api("PATCH", `/v1/agency/clients/${id}`, { token: owner.token, key: key(), body: { response_token_limit: 20000 } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.response_token_limit).toBeDefined();
  });

  it("sets and clears auto_topup ({threshold, amount, monthly_cap} or null); the Client keeps its documented keys", async () => {
    const { body } = await create({ name: "Auto Top", message_limit: 100 });
    const id = body.client.id;
    const rule = { threshold: 10, amount: 500, monthly_cap: 2000 };
    const set = await api("PATCH", `/v1/agency/clients/${id}`, { token: owner.token, key: key(), body: { auto_topup: rule } });
    expect(set.status).toBe(200);
    expect(Object.keys(set.body.client).sort()).toEqual(CLIENT_KEYS);
    expect(await db.team.findUniqueOrThrow({ where: { id } })).toMatchObject({ autoTopupThreshold: 10, autoTopupAmount: 500, autoTopupMonthlyCap: 2000 });
    const off = await api("PATCH", `/v1/agency/clients/${id}`, { token: owner.token, key: key(), body: { auto_topup: null } });
    expect(off.status).toBe(200);
    expect(await db.team.findUniqueOrThrow({ where: { id } })).toMatchObject({ autoTopupThreshold: null, autoTopupAmount: null, autoTopupMonthlyCap: null });
    for (const bad of [{ threshold: -1, amount: 5, monthly_cap: 5 }, { threshold: 1, amount: 0, monthly_cap: 5 }, { threshold: 1, amount: 50, monthly_cap: 5 }, { threshold: 1 }, "yes"]) {
      const res = await api("PATCH", `/v1/agency/clients/${id}`, { token: owner.token, key: key(), body: { auto_topup: bad } });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors).some((f) => f.startsWith("auto_topup"))).toBe(true);
    }
    const { body: noLimit } = await create({ name: "No Limit" });
    const refused = await api("PATCH", `/v1/agency/clients/${noLimit.client.id}`, { token: owner.token, key: key(), body: { auto_topup: rule } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.auto_topup).toBeDefined();
  });
});

describe("GET /v1/agency/audit-log", () => {
  it("is the paginated envelope of the deliveries, newest first, with the actor and before/after", async () => {
    const { body } = await create({ name: "Audit Trail", message_limit: 10 });
    await api("POST", `/v1/agency/clients/${body.client.id}/pause`, { token: owner.token, key: key(), body: { mode: "hard" } });
    const res = await api("GET", `/v1/agency/audit-log?client_id=${body.client.id}&per_page=1`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["current_page", "data", "per_page", "total"]);
    expect(res.body).toMatchObject({ current_page: 1, per_page: 1, total: 2 });
    expect(res.body.data[0]).toMatchObject({
      action: "client.paused",
      actor: { type: "api_token", user_id: owner.user.id, token_id: owner.apiToken.id },
      target: { type: "client", id: body.client.id, name: "Audit Trail" },
      client_id: body.client.id,
      before: { status: "active" },
      after: { status: "paused", pause_mode: "hard" },
    });
    const page2 = await api("GET", `/v1/agency/audit-log?client_id=${body.client.id}&per_page=1&page=2`, { token: owner.token });
    expect(page2.body.data[0].action).toBe("client.created");
    expect((await api("GET", "/v1/agency/audit-log?per_page=101", { token: owner.token })).status).toBe(422);
    expect((await api("GET", "/v1/agency/audit-log?from=yesterday", { token: owner.token })).status).toBe(422);
    expect((await api("GET", "/v1/agency/audit-log", { token: plainUser.token })).status).toBe(403);
    expect((await api("GET", "/v1/agency/audit-log")).status).toBe(401);
    const doc = (await api("GET", "/v1/openapi.json")).body;
    expect(doc.paths["/v1/agency/audit-log"].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual(
      ["action", "actor_type", "client_id", "from", "page", "per_page", "to"],
    );
  });
});

describe("POST /v1/agency/clients/{id}/topups", () => {
  it("adds credits (variant with byok_enabled, without enabled_integrations)", async () => {
    const { body } = await create({ name: "Top me", message_limit: 10 });
    const res = await api("POST", `/v1/agency/clients/${body.client.id}/topups`, { token: owner.token, key: key(), body: { amount: 250 } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.client).sort()).toEqual(TOPUP_KEYS);
    expect(res.body.client).toMatchObject({ topup_credits_remaining: 250, messages_remaining: 260, byok_enabled: false });
    const ledger = await db.creditLedgerEntry.findFirstOrThrow({ where: { teamId: body.client.id, kind: "topup" } });
    expect(ledger).toMatchObject({ topupDelta: 250, topupAfter: 250, actorUserId: owner.user.id });
    expect(ledger.reference).toEqual(expect.any(String));
  });

  it.each([[0], [1_000_001], [1.5], ["10"], [null]])("answers 422 for amount %j", async (amount) => {
    const { body } = await create({ name: `Bad amount ${JSON.stringify(amount)}`, message_limit: 10 });
    const res = await api("POST", `/v1/agency/clients/${body.client.id}/topups`, { token: owner.token, key: key(), body: { amount } });
    expect(res.status).toBe(422);
    expect(res.body.errors.amount).toBeDefined();
  });

  it.each([[null], [0]])("answers 422 for a client with message_limit %j", async (limit) => {
    const { body } = await create({ name: `No budget ${limit}`, message_limit: limit });
    const res = await api("POST", `/v1/agency/clients/${body.client.id}/topups`, { token: owner.token, key: key(), body: { amount: 10 } });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/message_limit of at least 1/);
  });

  it("applies exactly one top-up for 20 concurrent requests with one key", async () => {
    const { body } = await create({ name: "Race top-up", message_limit: 10 });
    const k = key();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => api("POST", `/v1/agency/clients/${body.client.id}/topups`, { token: owner.token, key: k, body: { amount: 25 } })),
    );
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(new Set(results.filter((r) => r.status === 200).map((r) => r.text)).size).toBe(1);
    expect((await db.team.findUniqueOrThrow({ where: { id: body.client.id } })).topupCredits).toBe(25);
    expect(await db.creditLedgerEntry.count({ where: { teamId: body.client.id, kind: "topup" } })).toBe(1);
  });

  it("replays a top-up with the same key instead of charging twice", async () => {
    const { body } = await create({ name: "Once", message_limit: 10 });
    const k = key();
    const first = await api("POST", `/v1/agency/clients/${body.client.id}/topups`, { token: owner.token, key: k, body: { amount: 40 } });
    const second = await api("POST", `/v1/agency/clients/${body.client.id}/topups`, { token: owner.token, key: k, body: { amount: 40 } });
    expect(second.text).toBe(first.text);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect((await db.team.findUniqueOrThrow({ where: { id: body.client.id } })).topupCredits).toBe(40);
    expect(await db.creditLedgerEntry.count({ where: { teamId: body.client.id, kind: "topup", reference: k } })).toBe(1);
  });
});

describe("pause, suspend, resume", () => {
  it("follows the status machine with the documented response variant", async () => {
    const { body } = await create({ name: "Stateful", message_limit: 100 });
    const id = body.client.id;
    await api("POST", `/v1/agency/clients/${id}/topups`, { token: owner.token, key: key(), body: { amount: 30 } });
    const post = (action: string, b?: unknown) => api("POST", `/v1/agency/clients/${id}/${action}`, { token: owner.token, key: key(), body: b });

    for (const b of [undefined, {}, { mode: "medium" }]) {
      const res = await post("pause", b);
      expect(res.status).toBe(422);
      expect(res.body.errors.mode).toBeDefined();
    }
    const hard = await post("pause", { mode: "hard" });
    expect(hard.status).toBe(200);
    expect(Object.keys(hard.body.client).sort()).toEqual(STATUS_KEYS);
    expect(hard.body.client).toMatchObject({ status: "paused", pause_mode: "hard", messages_remaining: 0 });
    expect(hard.body.client.paused_at).toMatch(OFFSET_TIMESTAMP);

    const soft = await post("pause", { mode: "soft" });
    expect(soft.body.client).toMatchObject({ status: "paused", pause_mode: "soft", messages_remaining: 100, paused_at: hard.body.client.paused_at });

    const suspended = await post("suspend");
    expect(suspended.body.client).toMatchObject({ status: "suspended", pause_mode: null, messages_remaining: 0, paused_at: hard.body.client.paused_at });
    const pauseSuspended = await post("pause", { mode: "soft" });
    expect(pauseSuspended.status).toBe(422);
    expect(pauseSuspended.body.message).toMatch(/resume it first/);

    const agent = await api("POST", `/v1/agency/clients/${id}/chatbots`, { token: owner.token, body: { name: "Nope" } });
    expect(agent.status).toBe(422);
    expect(agent.body.message).toMatch(/suspended/);

    const resumed = await post("resume");
    expect(resumed.body.client).toMatchObject({ status: "active", pause_mode: null, paused_at: null, messages_remaining: 130 });
    const again = await post("resume");
    expect(again.status).toBe(200);
    expect(again.body.client.status).toBe("active");
    expect((await db.team.findUniqueOrThrow({ where: { id } })).topupCredits).toBe(30);
  });

  it("require an Idempotency-Key", async () => {
    const { body } = await create({ name: "Keyless" });
    for (const action of ["pause", "suspend", "resume"]) {
      const res = await api("POST", `/v1/agency/clients/${body.client.id}/${action}`, { token: owner.token, body: { mode: "hard" } });
      expect(res.status, action).toBe(400);
    }
  });
});

describe("agents of a workspace", () => {
  it("lists and creates agents, honouring chatbot_limit", async () => {
    const { body } = await create({ name: "Agents", chatbot_limit: 2, message_limit: 70, chatbot: { name: "First" } });
    const id = body.client.id;
    const second = await api("POST", `/v1/agency/clients/${id}/chatbots`, { token: owner.token, body: { name: "Second", website_url: "https://x.example/docs" } });
    expect(second.status).toBe(201);
    expect(Object.keys(second.body)).toEqual(["chatbot"]);
    expect(Object.keys(second.body.chatbot).sort()).toEqual(AGENT_KEYS);
    expect(second.body.chatbot.messages_remaining).toBe(70);
    const third = await api("POST", `/v1/agency/clients/${id}/chatbots`, { token: owner.token, key: key(), body: { name: "Third" } });
    expect(third.status).toBe(422);
    expect(third.body.message).toMatch(/chatbot_limit \(2\)/);
    const bad = await api("POST", `/v1/agency/clients/${id}/chatbots`, { token: owner.token, body: {} });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.name).toBeDefined();

    const list = await api("GET", `/v1/agency/clients/${id}/chatbots`, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.chatbots.map((c: { name: string }) => c.name)).toEqual(["First", "Second"]);
    expect((await api("GET", `/v1/agency/clients/${id}/chatbots`, { token: other.token })).status).toBe(404);
  });
});
