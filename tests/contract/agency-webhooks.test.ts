import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { MICRO_TIMESTAMP } from "@/server/kernel/lib/timestamps";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, userWithToken } from "../helpers/fixtures";
import { apiClient } from "../helpers/http";
import { startAppServer } from "../helpers/server";

/** The webhook endpoints over real HTTP: shapes, the secret only at creation, every error. */
let db: Db;
let api: ReturnType<typeof apiClient>;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let other: Awaited<ReturnType<typeof agencyOwner>>;
let plainUser: Awaited<ReturnType<typeof userWithToken>>;

const WEBHOOK_KEYS = ["id", "team_id", "url", "events", "active", "created_at", "updated_at"].sort();
const DELIVERY_KEYS = ["id", "agency_webhook_id", "event", "payload", "response_status", "attempts", "last_error", "delivered_at", "created_at", "updated_at"].sort();
const key = () => randomUUID();

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.db;
  owner = await agencyOwner(db);
  other = await agencyOwner(db);
  plainUser = await userWithToken(db);
  api = apiClient((await startAppServer(created.url)).baseUrl);
});

const createHook = (body: unknown, token = owner.token, k: string | null = key()) => api("POST", "/v1/agency/webhooks", { token, body, key: k ?? undefined });

describe("webhook endpoints", () => {
  it("create returns 201 {webhook, secret}; the secret appears nowhere else", async () => {
    const res = await createHook({ url: "https://hooks.example.com/acp", events: ["lead.captured"] });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["secret", "webhook"]);
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{44}$/);
    const { webhook } = res.body;
    expect(Object.keys(webhook).sort()).toEqual(WEBHOOK_KEYS);
    expect(webhook).toMatchObject({ team_id: owner.agency.id, url: "https://hooks.example.com/acp", events: ["lead.captured"], active: true });
    expect(webhook.created_at).toMatch(MICRO_TIMESTAMP);

    const list = await api("GET", "/v1/agency/webhooks", { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.events).toEqual(["lead.captured", "escalation.created"]);
    expect(list.body.webhooks.map((w: { id: string }) => w.id)).toContain(webhook.id);
    const patched = await api("PATCH", `/v1/agency/webhooks/${webhook.id}`, { token: owner.token, key: key(), body: { active: true } });
    for (const text of [list.text, patched.text]) expect(text).not.toContain(res.body.secret);
    for (const w of list.body.webhooks) expect(Object.keys(w).sort()).toEqual(WEBHOOK_KEYS);
  });

  it("null or omitted events subscribe to all", async () => {
    expect((await createHook({ url: "https://a.example.com/x" })).body.webhook.events).toBeNull();
    expect((await createHook({ url: "https://a.example.com/y", events: null })).body.webhook.events).toBeNull();
    expect((await createHook({ url: "https://a.example.com/z", events: ["client.credits_exhausted"] })).body.webhook.events).toEqual(["client.credits_exhausted"]);
  });

  it.each([
    [{ url: "http://hooks.example.com/x" }, "url"],
    [{ url: "not a url" }, "url"],
    [{}, "url"],
    [{ url: "https://a.example.com", events: ["lead.created"] }, "events.0"],
    [{ url: "https://a.example.com", events: "lead.captured" }, "events"],
  ])("create answers 422 for %j", async (body, field) => {
    const res = await createHook(body);
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toBeDefined();
  });

  it("needs an agency owner (403), a token (401) and an Idempotency-Key on create and update (400)", async () => {
    expect((await createHook({ url: "https://a.example.com" }, plainUser.token)).status).toBe(403);
    expect((await api("GET", "/v1/agency/webhooks", { token: plainUser.token })).status).toBe(403);
    expect((await api("GET", "/v1/agency/webhooks")).status).toBe(401);
    expect((await createHook({ url: "https://a.example.com" }, owner.token, null)).status).toBe(400);
    const { body } = await createHook({ url: "https://a.example.com/k" });
    expect((await api("PATCH", `/v1/agency/webhooks/${body.webhook.id}`, { token: owner.token, body: { active: false } })).status).toBe(400);
  });

  it("PATCH changes only the fields sent and keeps the secret", async () => {
    const { body } = await createHook({ url: "https://a.example.com/p", events: ["lead.captured"] });
    const id = body.webhook.id;
    const secretBefore = (await db.webhook.findUniqueOrThrow({ where: { id } })).secret;
    const res = await api("PATCH", `/v1/agency/webhooks/${id}`, { token: owner.token, key: key(), body: { url: "https://b.example.com/p" } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["webhook"]);
    expect(res.body.webhook).toMatchObject({ url: "https://b.example.com/p", events: ["lead.captured"], active: true });
    const events = await api("PATCH", `/v1/agency/webhooks/${id}`, { token: owner.token, key: key(), body: { events: null } });
    expect(events.body.webhook).toMatchObject({ url: "https://b.example.com/p", events: null });
    const inactive = await api("PATCH", `/v1/agency/webhooks/${id}`, { token: owner.token, key: key(), body: { active: false } });
    expect(inactive.body.webhook.active).toBe(false);
    expect((await db.webhook.findUniqueOrThrow({ where: { id } })).secret).toBe(secretBefore);
    const bad = await api("PATCH", `/v1/agency/webhooks/${id}`, { token: owner.token, key: key(), body: { url: "ftp://x", active: "no" } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["active", "url"]);
  });

  it("answers 404 {message} for an unknown, malformed or foreign webhook", async () => {
    const { body } = await createHook({ url: "https://a.example.com/mine" });
    for (const id of [randomUUID(), "nope", body.webhook.id]) {
      const res = await api("PATCH", `/v1/agency/webhooks/${id}`, { token: other.token, key: key(), body: { active: false } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Webhook not found." });
      expect((await api("GET", `/v1/agency/webhooks/${id}/deliveries`, { token: other.token })).status).toBe(404);
      expect((await api("DELETE", `/v1/agency/webhooks/${id}`, { token: other.token })).status).toBe(404);
    }
  });

  it("DELETE answers 204 and the webhook is gone", async () => {
    const { body } = await createHook({ url: "https://a.example.com/del" });
    const res = await api("DELETE", `/v1/agency/webhooks/${body.webhook.id}`, { token: owner.token });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await api("PATCH", `/v1/agency/webhooks/${body.webhook.id}`, { token: owner.token, key: key(), body: { active: true } })).status).toBe(404);
  });
});

describe("GET /v1/agency/webhooks/{id}/deliveries", () => {
  it("is a paginated envelope, newest first, 25 per page by default", async () => {
    const { body } = await createHook({ url: "https://a.example.com/log" });
    const id = body.webhook.id;
    const base = Date.now() - 60_000;
    await db.webhookDelivery.createMany({
      data: Array.from({ length: 30 }, (_, i) => ({
        webhookId: id,
        event: "lead.captured",
        payload: { id: `p${i}`, event: "lead.captured" },
        attempts: i % 3,
        lastError: i % 3 === 1 ? "HTTP 500" : null,
        responseStatus: i % 3 === 1 ? 500 : null,
        createdAt: new Date(base + i * 1000),
      })),
    });
    const first = await api("GET", `/v1/agency/webhooks/${id}/deliveries`, { token: owner.token });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(["current_page", "data", "per_page", "total"]);
    expect(first.body).toMatchObject({ current_page: 1, per_page: 25, total: 30 });
    expect(first.body.data).toHaveLength(25);
    expect(first.body.data[0].payload.id).toBe("p29");
    expect(Object.keys(first.body.data[0]).sort()).toEqual(DELIVERY_KEYS);
    expect(first.body.data[0].created_at).toMatch(MICRO_TIMESTAMP);
    const second = await api("GET", `/v1/agency/webhooks/${id}/deliveries?page=2&per_page=10`, { token: owner.token });
    expect(second.body).toMatchObject({ current_page: 2, per_page: 10, total: 30 });
    expect(second.body.data.map((d: { payload: { id: string } }) => d.payload.id)).toEqual(["p19", "p18", "p17", "p16", "p15", "p14", "p13", "p12", "p11", "p10"]);
    const max = await api("GET", `/v1/agency/webhooks/${id}/deliveries?per_page=100`, { token: owner.token });
    expect(max.body.data).toHaveLength(30);
    for (const q of ["per_page=101", "per_page=0", "page=0", "page=abc"]) {
      const res = await api("GET", `/v1/agency/webhooks/${id}/deliveries?${q}`, { token: owner.token });
      expect(res.status, q).toBe(422);
    }
  });
});
