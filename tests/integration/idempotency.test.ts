import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { runTurn } from "@/server/conversations/engine";
import { poolOf, type Db } from "@/server/kernel/db/client";
import { recordEffect, withIdempotency, type KeyClaim } from "@/server/kernel/http/idempotency";
import { createTestDatabase } from "../helpers/db";
import { bakeryChatbot } from "../helpers/answers-fixtures";
import { agencyOwner } from "../helpers/fixtures";

/**
 * The idempotency store's guarantees on a real PostgreSQL (docs/decisions/047-idempotency-survives-a-crash.md): a `transaction` operation's writes,
 * its services' own transactions included, commit with the stored response or not at all; a run whose
 * claim a retry took over can neither store its response nor record its effect.
 */
let db: Db;
let userId: string;
let agencyId: string;

beforeAll(async () => {
  db = (await createTestDatabase()).db;
  const owner = await agencyOwner(db);
  userId = owner.user.id;
  agencyId = owner.agency.id;
});

const scope = (effect?: "transaction" | "recorded") => ({ userId, key: randomUUID(), fingerprint: "f", effect });
/** Another request's takeover of the claim (its process thought this one dead). */
const takeOver = (key: KeyClaim) => db.$executeRaw`UPDATE idempotency_keys SET created_at = now() + interval '1 second' WHERE id = ${key.id}::uuid`;
const teamNamed = (name: string) => db.team.count({ where: { name } });
const newTeam = (d: Db, name: string) => d.team.create({ data: { name, kind: "personal", ownerId: userId } });

describe("transaction operations", () => {
  it("store the response with the effect, and the services' own transactions nest in that one", async () => {
    const name = `nested-${randomUUID()}`;
    const options = { maxWait: 10_000, timeout: 20_000 };
    const s = scope();
    const response = await withIdempotency(db, s, async (run) => {
      await run.db.$transaction(async (tx) => newTeam(tx as unknown as Db, name), options);
      return { status: 201, body: '{"ok":true}' };
    });
    expect(response).toEqual({ status: 201, body: '{"ok":true}', replayed: false });
    expect(await teamNamed(name)).toBe(1);
    expect(await db.idempotencyKey.findFirstOrThrow({ where: { key: s.key } })).toMatchObject({ state: "completed", responseBody: '{"ok":true}' });
    // The services' shared options object is not changed by the nesting (prisma/orm#30367): later transactions with it still work.
    expect(options).toEqual({ maxWait: 10_000, timeout: 20_000 });
    await expect(db.$transaction(async (tx) => tx.$queryRaw`SELECT 1`, options)).resolves.toBeDefined();
  });

  it("roll back every write, nested ones included, when the request fails, and give the key back", async () => {
    const name = `failed-${randomUUID()}`;
    const s = scope();
    const failing = withIdempotency(db, s, async (run) => {
      await run.db.$transaction(async (tx) => newTeam(tx as unknown as Db, name));
      throw new Error("the rule said no");
    });
    await expect(failing).rejects.toThrow("the rule said no");
    expect(await teamNamed(name)).toBe(0);
    expect(await db.idempotencyKey.count({ where: { key: s.key } })).toBe(0);
  });

  it("keep the pg pool out of reach: a statement there would escape the transaction", async () => {
    await expect(withIdempotency(db, scope(), async (run) => ({ status: 200, body: String(poolOf(run.db)) }))).rejects.toThrow(/escape/);
  });

  it("roll back the effect of a run whose claim was taken over, leaving the key to the other run", async () => {
    const name = `taken-${randomUUID()}`;
    const s = scope();
    const late = withIdempotency(db, s, async (run) => {
      await newTeam(run.db, name);
      await takeOver(run.key);
      return { status: 200, body: "{}" };
    });
    await expect(late).rejects.toMatchObject({ code: "IDEMPOTENCY_IN_FLIGHT" });
    expect(await teamNamed(name)).toBe(0);
    expect(await db.idempotencyKey.findFirstOrThrow({ where: { key: s.key } })).toMatchObject({ state: "in_flight", responseBody: null });
  });
});

describe("recorded operations", () => {
  const record = (key: KeyClaim, effect: string) => recordEffect((text, values) => db.$executeRawUnsafe(text, ...values), key, effect);

  it("get the recorded effect back on a retry, and nothing new runs", async () => {
    const s = scope("recorded");
    let runs = 0;
    const crashed = withIdempotency(db, s, async (run) => {
      runs++;
      await record(run.key, "answer-1");
      throw new Error("the process died after recording");
    });
    await expect(crashed).rejects.toThrow("died");
    // The key is kept: it names the effect a retry must return.
    expect(await db.idempotencyKey.findFirstOrThrow({ where: { key: s.key } })).toMatchObject({ state: "in_flight", recordedEffect: "answer-1" });
    const retry = await withIdempotency(db, s, async (run) => {
      expect(run.key.recordedEffect).toBe("answer-1");
      return { status: 200, body: `{"id":"${run.key.recordedEffect}"}` };
    });
    expect(retry).toEqual({ status: 200, body: '{"id":"answer-1"}', replayed: true });
    expect(runs).toBe(1);
  });

  it("cannot record an effect on a claim that was taken over", async () => {
    const s = scope("recorded");
    const late = withIdempotency(db, s, async (run) => {
      await takeOver(run.key);
      await record(run.key, "answer-2");
      return { status: 200, body: "{}" };
    });
    await expect(late).rejects.toMatchObject({ code: "IDEMPOTENCY_IN_FLIGHT" });
    expect(await db.idempotencyKey.findFirstOrThrow({ where: { key: s.key } })).toMatchObject({ state: "in_flight", recordedEffect: null });
  });

  it("an answer records its message id on the claim with the turn, plain or with a lead, and a retry returns it", async () => {
    const team = await db.team.create({ data: { kind: "client", name: "Bakery", plan: "agency_client", ownerId: userId, agencyId, messageLimit: 10 } });
    const bot = await bakeryChatbot(db, team.id, userId);
    for (const message of ["Is delivery free?", "Is delivery free? Write to me at lead@example.test"]) {
      const s = scope("recorded");
      const ask = () =>
        withIdempotency(db, s, async (run) => {
          const answer = await runTurn(db, { chatbot: bot, idempotency: run.key }, { message });
          return { status: 200, body: JSON.stringify({ id: answer.message.id, content: answer.message.content }) };
        });
      const first = await ask();
      const { id } = JSON.parse(first.body) as { id: string };
      expect(await db.idempotencyKey.findFirstOrThrow({ where: { key: s.key } })).toMatchObject({ state: "completed", recordedEffect: id });
      // As if the process had died before storing the response: the retry finds the answer by its key.
      await db.idempotencyKey.updateMany({ where: { key: s.key }, data: { state: "in_flight", responseBody: null, responseStatus: null } });
      expect(await ask()).toEqual({ ...first, replayed: true });
      expect(await db.message.count({ where: { chatbotId: bot.id, role: "assistant" } })).toBe(message.includes("lead") ? 2 : 1);
    }
    expect(await db.contact.count({ where: { chatbotId: bot.id } })).toBe(1);
    expect((await db.team.findUniqueOrThrow({ where: { id: team.id } })).messagesUsed).toBe(2);
  });
});
