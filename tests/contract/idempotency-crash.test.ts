import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { startProductionServer } from "../../scripts/lib/app-server";
import { bakeryClient } from "../helpers/answers-fixtures";
import { onCleanup } from "../helpers/cleanup";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner } from "../helpers/fixtures";
import { apiClient } from "../helpers/http";
import { startAppServer } from "../helpers/server";
import { sseFrames } from "../helpers/sse";

/**
 * docs/decisions/047-idempotency-survives-a-crash.md: an idempotent request whose process dies half way has exactly one effect, whatever the
 * moment of the crash and of the retry. A production server kills itself (SIGKILL) at one step of the
 * request (`IDEMPOTENCY_FAILPOINT`, a test hook); the retry goes to another server on the same database,
 * after the key's in-flight takeover window (its clock moved back 3 minutes, as a retry 125 s later).
 */
let db: Db;
let url: string;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let teamId: string;
let botId: string;
let api: ReturnType<typeof apiClient>;
let base: string;

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.db;
  url = created.url;
  owner = await agencyOwner(db);
  const { team, bot } = await bakeryClient(db, owner);
  teamId = team.id;
  botId = bot.id;
  base = (await startAppServer(created.url)).baseUrl;
  api = apiClient(base);
});

/** Sends one request to a server that dies at `failpoint`: the request gets no answer and the process is gone. */
async function crashDuring(failpoint: "before-effect" | "after-effect", send: (api: ReturnType<typeof apiClient>) => Promise<unknown>) {
  const server = await startProductionServer(url, "test-secret-test-secret-test-secret-0123", { IDEMPOTENCY_FAILPOINT: failpoint });
  onCleanup(server.stop);
  const exited = server.child.exitCode === null && server.child.signalCode === null ? once(server.child, "exit") : Promise.resolve();
  await expect(send(apiClient(server.baseUrl))).rejects.toThrow();
  await exited;
  expect(server.child.signalCode).toBe("SIGKILL");
}

/** The retry comes after the takeover window of an in-flight key (2 minutes). */
const ageKey = (key: string) => db.$executeRaw`UPDATE idempotency_keys SET created_at = created_at - interval '3 minutes' WHERE key = ${key}`;

const topUp = (target: ReturnType<typeof apiClient>, clientId: string, key: string) =>
  target("POST", `/v1/agency/clients/${clientId}/topups`, { token: owner.token, key, body: { amount: 22 } });

async function newClient() {
  const res = await api("POST", "/v1/agency/clients", { token: owner.token, key: randomUUID(), body: { name: `Crash Co ${randomUUID().slice(0, 8)}`, message_limit: 10 } });
  expect(res.status).toBe(201);
  return res.body.client.id as string;
}

async function topups(clientId: string, key: string) {
  const team = await db.team.findUniqueOrThrow({ where: { id: clientId } });
  return { credits: team.topupCredits, ledger: await db.creditLedgerEntry.count({ where: { teamId: clientId, kind: "topup", reference: key } }) };
}

describe("a crash during an idempotent request", () => {
  it("after the top-up's effect: the retry applies it once and answers what a replay answers", async () => {
    const clientId = await newClient();
    const key = randomUUID();
    await crashDuring("after-effect", (target) => topUp(target, clientId, key));
    await ageKey(key);

    const retry = await topUp(api, clientId, key);
    expect(retry.status).toBe(200);
    expect(retry.body.client.topup_credits_remaining).toBe(22);
    expect(await topups(clientId, key)).toEqual({ credits: 22, ledger: 1 });
    const replay = await topUp(api, clientId, key);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.text).toBe(retry.text);
    expect(await topups(clientId, key)).toEqual({ credits: 22, ledger: 1 });
  });

  it("before the top-up's effect: the retry applies it once", async () => {
    const clientId = await newClient();
    const key = randomUUID();
    await crashDuring("before-effect", (target) => topUp(target, clientId, key));
    expect(await topups(clientId, key)).toEqual({ credits: 0, ledger: 0 });
    await ageKey(key);

    const retry = await topUp(api, clientId, key);
    expect(retry.status).toBe(200);
    expect(retry.body.client.topup_credits_remaining).toBe(22);
    expect(await topups(clientId, key)).toEqual({ credits: 22, ledger: 1 });
    expect((await topUp(api, clientId, key)).text).toBe(retry.text);
  });

  it("after a client workspace was created: the retry creates no second one", async () => {
    const key = randomUUID();
    const reference = `crash-${key}`;
    const create = (target: ReturnType<typeof apiClient>) =>
      target("POST", "/v1/agency/clients", { token: owner.token, key, body: { name: "Created Once", external_reference: reference } });
    await crashDuring("after-effect", create);
    await ageKey(key);

    const retry = await create(api);
    expect(retry.status).toBe(201);
    expect(await db.team.count({ where: { externalReference: reference } })).toBe(1);
    expect(retry.body.client.id).toBe((await db.team.findFirstOrThrow({ where: { externalReference: reference } })).id);
    expect((await create(api)).text).toBe(retry.text);
  });

  it("after an answer was recorded and charged: a retry at once (streamed) and a later one return that answer, charged once", async () => {
    const key = randomUUID();
    const body = { message: "Is delivery free?", visitor: { id: "crash-visitor" } };
    const ask = (target: ReturnType<typeof apiClient>) => target("POST", `/v1/${botId}/chat`, { token: owner.token, key, body });
    const usedBefore = (await db.team.findUniqueOrThrow({ where: { id: teamId } })).messagesUsed;
    await crashDuring("after-effect", ask);
    const recorded = await db.message.findMany({ where: { chatbotId: botId, role: "assistant" } });
    expect(recorded).toHaveLength(1);

    const streamed = await fetch(`${base}/v1/${botId}/chat`, {
      method: "POST",
      headers: { Authorization: `Bearer ${owner.token}`, "Content-Type": "application/json", Accept: "text/event-stream", "Idempotency-Key": key },
      body: JSON.stringify({ ...body, stream: true }),
    });
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get("idempotent-replayed")).toBe("true");
    const events = sseFrames(await streamed.text());
    expect(events.map((e) => e.event)).toEqual(["delta", "done"]);
    expect(events[1]!.data.message).toMatchObject({ id: recorded[0]!.id, content: recorded[0]!.content });

    await ageKey(key);
    const later = await ask(api);
    expect(later.status).toBe(200);
    expect(later.headers.get("idempotent-replayed")).toBe("true");
    expect(later.body).toEqual(events[1]!.data);
    expect(await db.message.count({ where: { chatbotId: botId } })).toBe(2);
    expect((await db.team.findUniqueOrThrow({ where: { id: teamId } })).messagesUsed).toBe(usedBefore + 1);
    expect(await db.creditLedgerEntry.count({ where: { teamId, kind: "charge" } })).toBe(1);
  });
});
