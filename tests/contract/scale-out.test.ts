import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiToken, revokeApiToken } from "@/server/access/api-tokens";
import type { Db } from "@/server/kernel/db/client";
import { createWebhook } from "@/server/webhooks/endpoints";
import { trainOnBakeryPages } from "../helpers/answers-fixtures";
import { onCleanup } from "../helpers/cleanup";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner } from "../helpers/fixtures";
import { apiClient, type ApiResponse } from "../helpers/http";
import { startReceiver, waitFor } from "../helpers/https-receiver";
import { startAppServer } from "../helpers/server";
import { startWorkerProcess } from "../helpers/worker-process";

/**
 * Scale-out (docs/decisions/037-scale-out.md): two app processes (the production server, as `npm
 * start` serves it) and two worker processes (`npm run worker`) on ONE
 * database behave as one product. Every request of a kind is split across
 * both app processes and sent at once: idempotency keys, credits, rate limits
 * and pauses live in PostgreSQL, and each webhook event reaches its receiver
 * exactly once whichever worker takes it.
 */
// The receiver is on loopback: the webhook is created in this process, which checks its URL.
process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "true";
const API_LIMIT = 30;
const WIDGET_LIMIT = 10;
const MESSAGE_LIMIT = 8;
const TOPUP = 3;

let db: Db;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let webhookId: string;
let apps: [ReturnType<typeof apiClient>, ReturnType<typeof apiClient>];
let bases: [string, string];

beforeAll(async () => {
  receiver = await startReceiver();
  onCleanup(receiver.close);
  const created = await createTestDatabase();
  db = created.db;
  owner = await agencyOwner(db);
  webhookId = (await createWebhook(db, owner.agency, { url: receiver.url("/events"), events: null })).webhook.id;
  // Both processes sit behind one (simulated) load balancer that says who the client is: TRUST_PROXY.
  const appEnv = { RATE_LIMIT_API_PER_MINUTE: String(API_LIMIT), RATE_LIMIT_WIDGET_PER_MINUTE: String(WIDGET_LIMIT), TRUST_PROXY: "true" };
  const workerEnv = { WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true", WEBHOOK_CA_CERTS: receiver.caFile, WEBHOOK_TIMEOUT_MS: "15000" };
  const [a, b] = await Promise.all([
    startAppServer(created.url, appEnv),
    startAppServer(created.url, appEnv),
    startWorkerProcess(created.url, workerEnv),
    startWorkerProcess(created.url, workerEnv),
  ]);
  bases = [a.baseUrl, b.baseUrl];
  apps = [apiClient(a.baseUrl), apiClient(b.baseUrl)];
});

/** A fresh token of the agency owner: the per-token limit is low here, so each step spends its own budget. */
async function token(): Promise<string> {
  return (await createApiToken(db, owner.user.id, "scale-out")).token;
}

/** A client retrying a 409 (the same key still in flight on the other process) until it gets the stored answer. */
async function untilSettled(send: () => Promise<ApiResponse>): Promise<ApiResponse> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await send();
    if (res.status !== 409 || Date.now() > deadline) return res;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const clientBody = (name: string) => ({ name, message_limit: MESSAGE_LIMIT, chatbot: { name: "Front desk" } });

/** The created client and its first agent, trained on the bakery pages (extractive answers need sources). */
async function trainedClient(created: ApiResponse): Promise<{ clientId: string; botId: string }> {
  await trainOnBakeryPages(db, created.body.chatbot.id);
  return { clientId: created.body.client.id, botId: created.body.chatbot.id };
}

describe("two app processes and two workers on one database", () => {
  let bakery: { clientId: string; botId: string };

  it("an Idempotency-Key sent to both processes at once creates one client, and both answer the same", async () => {
    const [t, key] = [await token(), randomUUID()];
    const body = clientBody("Twin Bakery");
    const answers = await Promise.all(apps.map((api) => untilSettled(() => api("POST", "/v1/agency/clients", { token: t, key, body }))));
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(answers[0]!.text).toBe(answers[1]!.text);
    expect(await db.team.count({ where: { agencyId: owner.agency.id, name: "Twin Bakery" } })).toBe(1);
    expect(await db.chatbot.count({ where: { teamId: answers[0]!.body.client.id } })).toBe(1);
    bakery = await trainedClient(answers[0]!);
  });

  it("top-ups through both processes, each retried on the other, add exactly once each", async () => {
    const t = await token();
    const keys = [randomUUID(), randomUUID()];
    const topUp = (via: number, key: string) =>
      untilSettled(() => apps[via]!("POST", `/v1/agency/clients/${bakery.clientId}/topups`, { token: t, key, body: { amount: TOPUP } }));
    const first = await Promise.all([topUp(0, keys[0]!), topUp(1, keys[1]!)]);
    const retried = await Promise.all([topUp(1, keys[0]!), topUp(0, keys[1]!)]);
    expect([...first, ...retried].map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(retried.map((r) => r.text)).toEqual(first.map((r) => r.text));
    expect((await db.team.findUniqueOrThrow({ where: { id: bakery.clientId } })).topupCredits).toBe(2 * TOPUP);
    expect(await db.creditLedgerEntry.count({ where: { teamId: bakery.clientId, kind: "topup" } })).toBe(2);
  });

  it("chats through both processes at once serve exactly the credits there are, the ledger exact to the message, no debt", async () => {
    const credits = MESSAGE_LIMIT + 2 * TOPUP;
    const t = await token();
    const sent = await Promise.all(
      Array.from({ length: credits + 4 }, (_, i) =>
        apps[i % 2]!("POST", `/v1/${bakery.botId}/chat`, { token: t, body: { message: "Is delivery free?", visitor: { id: `v-${i}`, email: `visitor-${i}@example.test` } } }),
      ),
    );
    const served = sent.filter((r) => r.status === 200);
    expect(served).toHaveLength(credits);
    expect(sent.filter((r) => r.status !== 200).map((r) => [r.status, r.body.message])).toEqual(Array(4).fill([402, "No message credits left."]));
    // Both processes served answers.
    expect(new Set(sent.flatMap((r, i) => (r.status === 200 ? [i % 2] : [])))).toEqual(new Set([0, 1]));

    const team = await db.team.findUniqueOrThrow({ where: { id: bakery.clientId } });
    // Every answer counts as used; past the monthly allowance each one also spends a top-up credit.
    expect(team).toMatchObject({ messagesUsed: credits, topupCredits: 0, overflowDebt: 0 });
    expect(team.creditsExhaustedAt).not.toBeNull();
    const ledger = await db.creditLedgerEntry.findMany({ where: { teamId: bakery.clientId }, orderBy: { id: "asc" } });
    const charges = ledger.filter((e) => e.kind === "charge");
    expect(charges.map((c) => c.reference).sort()).toEqual(served.map((r) => r.body.message.id).sort());
    // One message each: the monthly allowance first, then the top-ups; never debt.
    expect(charges.map((c) => [c.usedDelta, c.topupDelta, c.debtDelta])).toEqual([...Array(MESSAGE_LIMIT).fill([1, 0, 0]), ...Array(2 * TOPUP).fill([1, -1, 0])]);
    // Replaying the ledger gives the counters, row by row.
    let used = 0;
    let topup = 0;
    for (const e of ledger) {
      used += e.usedDelta;
      topup += e.topupDelta;
      expect([e.usedAfter, e.topupAfter, e.debtAfter]).toEqual([used, topup, 0]);
    }
    expect([used, topup]).toEqual([team.messagesUsed, team.topupCredits]);
  });

  it("each webhook event is delivered exactly once across the two workers", async () => {
    const events = await db.outboxEvent.findMany({ where: { agencyId: owner.agency.id }, select: { id: true, type: true } });
    // One lead per served answer (each visitor left an e-mail) and one credits_exhausted.
    expect(events.filter((e) => e.type === "lead.captured")).toHaveLength(MESSAGE_LIMIT + 2 * TOPUP);
    expect(events.filter((e) => e.type === "client.credits_exhausted")).toHaveLength(1);
    await waitFor(async () => (await db.webhookDelivery.count({ where: { webhookId, deliveredAt: { not: null } } })) === events.length, 30_000, `${events.length} deliveries`);
    const deliveries = await db.webhookDelivery.findMany({ where: { webhookId }, select: { id: true, outboxEventId: true, attempts: true } });
    expect(deliveries.map((d) => d.outboxEventId).sort()).toEqual(events.map((e) => e.id).sort());
    const received = receiver.at("/events").map((r) => r.headers["webhook-id"]!);
    expect(received.sort()).toEqual(deliveries.map((d) => d.id).sort());
    expect(deliveries.every((d) => d.attempts === 1)).toBe(true);
  });

  it(`a per-token limit of ${API_LIMIT}/min holds across both processes`, async () => {
    const t = await token();
    const statuses = await Promise.all(Array.from({ length: API_LIMIT + 6 }, (_, i) => apps[i % 2]!("GET", "/v1/me", { token: t }).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(API_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });

  it("a token revoked through one instance is refused by both processes on their next request, though both had it cached", async () => {
    const { token: t, apiToken } = await createApiToken(db, owner.user.id, "revoked");
    // Both processes look the token up and keep it (agency and plain paths alike).
    for (const app of apps) {
      for (const path of ["/v1/me", "/v1/me", "/v1/agency/clients"]) expect((await app("GET", path, { token: t })).status).toBe(200);
    }
    // Revoked by a third instance (this process), the way the dashboard revokes.
    await revokeApiToken(db, owner.user.id, apiToken.id);
    const after = await Promise.all(apps.flatMap((app) => ["/v1/me", "/v1/agency/clients"].map((path) => app("GET", path, { token: t }))));
    expect(after.map((r) => r.status)).toEqual([401, 401, 401, 401]);
  });

  it("a user changed through one instance is seen by both processes as soon as the commit's notification arrives", async () => {
    const { token: t } = await createApiToken(db, owner.user.id, "renamed");
    for (const app of apps) expect((await app("GET", "/v1/me", { token: t })).body.user.name).toBe(owner.user.name);
    await db.user.update({ where: { id: owner.user.id }, data: { name: "Renamed Owner" } });
    try {
      for (const app of apps) {
        const deadline = Date.now() + 1_000;
        let name: string | undefined;
        while (name !== "Renamed Owner" && Date.now() < deadline) name = (await app("GET", "/v1/me", { token: t })).body.user.name;
        expect(name).toBe("Renamed Owner");
      }
    } finally {
      await db.user.update({ where: { id: owner.user.id }, data: { name: owner.user.name } });
    }
  });

  it(`the widget's limit of ${WIDGET_LIMIT}/min per IP and chatbot holds across both processes`, async () => {
    // Behind the trusted proxy the widget takes the X-Forwarded-For hop that proxy appended as the visitor's IP.
    const answers = await Promise.all(
      Array.from({ length: WIDGET_LIMIT + 4 }, (_, i) => fetch(`${bases[i % 2]}/api/widget/${bakery.botId}/config`, { headers: { "X-Forwarded-For": "198.51.100.77" } })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(WIDGET_LIMIT);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(4);
    expect(await refused[0]!.json()).toEqual({ message: "You're sending messages a little too quickly. Please wait a moment and try again." });
    expect(Number(refused[0]!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Another visitor of the same chatbot keeps its own budget.
    expect((await fetch(`${bases[1]}/api/widget/${bakery.botId}/config`, { headers: { "X-Forwarded-For": "198.51.100.78" } })).status).toBe(200);
  });

  it("a workspace paused through one process is refused by the widget on the other within seconds", async () => {
    const created = await apps[0]("POST", "/v1/agency/clients", { token: await token(), key: randomUUID(), body: clientBody("Paused Bakery") });
    expect(created.status).toBe(201);
    const shop = await trainedClient(created);
    // Each request from its own visitor IP: polling never runs into the widget's rate limit.
    let visitor = 0;
    const widgetChat = () =>
      fetch(`${bases[1]}/api/widget/${shop.botId}/chat`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "text/event-stream", "X-Forwarded-For": `203.0.113.${++visitor}` },
        body: JSON.stringify({ message: "Is delivery free?" }),
      }).then(async (r) => ({ status: r.status, text: await r.text() }));
    const before = await widgetChat();
    expect(before.status).toBe(200);
    expect(before.text).toContain("event: done");

    const paused = await apps[0]("POST", `/v1/agency/clients/${shop.clientId}/pause`, { token: await token(), key: randomUUID(), body: { mode: "hard" } });
    expect(paused.status).toBe(200);
    const refused = await waitFor(async () => {
      const r = await widgetChat();
      return r.status === 404 ? r : null;
    }, 10_000, "the widget on the other process to refuse");
    expect(JSON.parse(refused.text)).toEqual({ message: "This chatbot is not available." });
    expect((await fetch(`${bases[1]}/api/widget/${shop.botId}/config`, { headers: { "X-Forwarded-For": "203.0.113.250" } })).status).toBe(404);
  });
});
