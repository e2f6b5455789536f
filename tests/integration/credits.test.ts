import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { messagesRemaining } from "@/server/workspaces/credit-rules";
import { agencyPool, renewDue, resetCredits, topUp } from "@/server/workspaces/credits";
import { chargeAnswer, reserveAnswer, settleAnswer } from "../helpers/credits";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner } from "../helpers/fixtures";

/** The credits engine on a real database: the rules of docs/decisions/010-message-credits-and-the-ledger.md through the service the chat runtime calls. */
let db: Db;
let agency: Awaited<ReturnType<typeof agencyOwner>>["agency"];

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  agency = (await agencyOwner(db)).agency;
  await db.team.update({ where: { id: agency.id }, data: { monthlyMessagePool: 1_000_000 } });
});

type Setup = {
  limit: number | null;
  used?: number;
  topup?: number;
  debt?: number;
  status?: "active" | "paused" | "suspended";
  pauseMode?: "hard" | "soft" | null;
};

async function workspace(setup: Setup, agencyId = agency.id) {
  return db.team.create({
    data: {
      kind: "client",
      name: "W",
      ownerId: agency.ownerId,
      agencyId,
      messageLimit: setup.limit,
      messagesUsed: setup.used ?? 0,
      topupCredits: setup.topup ?? 0,
      overflowDebt: setup.debt ?? 0,
      status: setup.status ?? "active",
      pauseMode: setup.pauseMode ?? null,
      creditsResetAt: setup.limit === null ? null : new Date(),
    },
  });
}

async function state(id: string) {
  const team = await db.team.findUniqueOrThrow({ where: { id } });
  const pool = await agencyPool(db, team.agencyId!);
  return { used: team.messagesUsed, topup: team.topupCredits, debt: team.overflowDebt, remaining: messagesRemaining(team, pool), exhaustedAt: team.creditsExhaustedAt };
}

const charge = (id: string, n: number) => Array.from({ length: n }).reduce<Promise<unknown>>((p) => p.then(() => chargeAnswer(db, id)), Promise.resolve());

describe("credit rules", () => {
  it.each([
    ["allowance first, then the top-up bucket", { limit: 3, topup: 2 }, 4, { used: 4, topup: 1, debt: 0, remaining: 1 }],
    ["both empty: the overflow becomes debt", { limit: 1, topup: 1 }, 3, { used: 3, topup: 0, debt: 1, remaining: 0 }],
    ["soft pause drains only the allowance (bucket frozen)", { limit: 2, topup: 5, status: "paused", pauseMode: "soft" }, 3, { used: 3, topup: 5, debt: 1, remaining: 0 }],
    ["hard pause: nothing remains; late answers become debt", { limit: 2, used: 2, topup: 5, status: "paused", pauseMode: "hard" }, 1, { used: 3, topup: 5, debt: 1, remaining: 0 }],
  ] as const)("%s", async (_why, setup, answers, expected) => {
    const w = await workspace(setup);
    await charge(w.id, answers);
    expect(await state(w.id)).toMatchObject(expected);
    const ledger = await db.creditLedgerEntry.findMany({ where: { teamId: w.id, kind: "charge" } });
    expect(ledger).toHaveLength(answers);
  });

  it("admission follows messages_remaining for every status", async () => {
    const active = await workspace({ limit: 1, topup: 1 });
    const soft = await workspace({ limit: 1, used: 1, topup: 9, status: "paused", pauseMode: "soft" });
    const hard = await workspace({ limit: 100, status: "paused", pauseMode: "hard" });
    const suspended = await workspace({ limit: 100, status: "suspended" });
    expect((await reserveAnswer(db, active.id)).refusal).toBeNull();
    expect((await reserveAnswer(db, soft.id)).refusal).toBe("no_credit");
    expect((await reserveAnswer(db, hard.id)).refusal).toBe("stopped");
    expect((await reserveAnswer(db, suspended.id)).refusal).toBe("stopped");
  });

  it("is capped by the agency pool, which every workspace of the agency draws on", async () => {
    const small = await agencyOwner(db);
    await db.team.update({ where: { id: small.agency.id }, data: { monthlyMessagePool: 5 } });
    const a = await workspace({ limit: 100 }, small.agency.id);
    const b = await workspace({ limit: null }, small.agency.id);
    await charge(a.id, 2);
    await charge(b.id, 2);
    expect((await state(a.id)).remaining).toBe(1);
    expect((await state(b.id)).remaining).toBe(1);
    expect((await agencyPool(db, small.agency.id)).poolMessagesUsed).toBe(4);
  });

  it("pays the debt first with the next top-up", async () => {
    const w = await workspace({ limit: 1, used: 1, debt: 3 });
    await db.$transaction((tx) => topUp(tx, w.id, 10, { reference: "key-1" }));
    expect(await state(w.id)).toMatchObject({ topup: 7, debt: 0, remaining: 7 });
    const entry = await db.creditLedgerEntry.findFirstOrThrow({ where: { teamId: w.id, kind: "topup" } });
    expect(entry).toMatchObject({ topupDelta: 7, debtDelta: -3, topupAfter: 7, debtAfter: 0, reference: "key-1" });
  });

  it("refuses top-ups without a message_limit of at least 1", async () => {
    for (const limit of [null, 0]) {
      const w = await workspace({ limit });
      await expect(db.$transaction((tx) => topUp(tx, w.id, 10))).rejects.toMatchObject({ code: "RULE_VIOLATION" });
    }
  });

  it("reset_credits starts a fresh allowance and keeps top-ups and debt", async () => {
    const w = await workspace({ limit: 10, used: 10, topup: 4, debt: 0 });
    await db.$transaction((tx) => resetCredits(tx, w.id));
    expect(await state(w.id)).toMatchObject({ used: 0, topup: 4, remaining: 14, exhaustedAt: null });
  });

  it("freezes top-ups while paused and returns them untouched on resume", async () => {
    const w = await workspace({ limit: 5, used: 5, topup: 20, status: "paused", pauseMode: "hard" });
    expect((await state(w.id)).remaining).toBe(0);
    await db.team.update({ where: { id: w.id }, data: { status: "active", pauseMode: null } });
    expect(await state(w.id)).toMatchObject({ topup: 20, remaining: 20 });
  });

  it("monthly renewal refills active workspaces and skips paused or suspended ones", async () => {
    const due = new Date(Date.now() - 60_000);
    const active = await workspace({ limit: 10, used: 8, topup: 3 });
    const paused = await workspace({ limit: 10, used: 8, status: "paused", pauseMode: "soft" });
    const suspended = await workspace({ limit: 10, used: 8, status: "suspended" });
    await db.team.updateMany({ where: { id: { in: [active.id, paused.id, suspended.id] } }, data: { creditsRenewAt: due } });
    await renewDue(db);
    expect(await state(active.id)).toMatchObject({ used: 0, topup: 3, remaining: 13 });
    for (const id of [paused.id, suspended.id]) {
      const team = await db.team.findUniqueOrThrow({ where: { id } });
      expect(team.messagesUsed).toBe(8);
      expect(team.creditsRenewAt!.getTime()).toBeGreaterThan(Date.now());
    }
    const renewedTeam = await db.team.findUniqueOrThrow({ where: { id: active.id } });
    expect(renewedTeam.creditsResetAt).toEqual(due);
    expect(await db.creditLedgerEntry.count({ where: { teamId: active.id, kind: "renewal" } })).toBe(1);
  });
});

describe("agency pool renewal", () => {
  it("restarts every workspace's share of the pool and the usage of workspaces without a limit", async () => {
    const small = await agencyOwner(db);
    const pooled = await workspace({ limit: null }, small.agency.id);
    const limited = await workspace({ limit: 100, used: 40 }, small.agency.id);
    await charge(pooled.id, 3);
    await charge(limited.id, 2);
    expect((await agencyPool(db, small.agency.id)).poolMessagesUsed).toBe(5);
    await db.team.update({ where: { id: small.agency.id }, data: { poolPeriodStartedAt: new Date(Date.now() - 32 * 24 * 3600 * 1000) } });
    const { pools } = await renewDue(db);
    expect(pools).toBeGreaterThanOrEqual(1);
    expect((await agencyPool(db, small.agency.id)).poolMessagesUsed).toBe(0);
    expect((await db.team.findUniqueOrThrow({ where: { id: pooled.id } })).messagesUsed).toBe(0);
    expect((await db.team.findUniqueOrThrow({ where: { id: limited.id } })).messagesUsed).toBe(42);
    const entry = await db.creditLedgerEntry.findFirstOrThrow({ where: { teamId: pooled.id, kind: "renewal" } });
    expect(entry).toMatchObject({ usedDelta: -3, usedAfter: 0, reference: "agency pool renewal" });
  });
});

describe("exhaustion", () => {
  it("emits exactly one client.credits_exhausted per episode, in the same transaction as the charge", async () => {
    const w = await workspace({ limit: 2 });
    await db.team.update({ where: { id: w.id }, data: { externalReference: "crm-7" } });
    await charge(w.id, 4);
    const first = await state(w.id);
    expect(first.exhaustedAt).toBeInstanceOf(Date);
    let events = await db.outboxEvent.findMany({ where: { teamId: w.id, type: "client.credits_exhausted" } });
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toEqual({
      client_id: w.id,
      external_reference: "crm-7",
      message_limit: 2,
      messages_used: 2,
      topup_credits_remaining: 0,
      credits_exhausted_at: expect.stringMatching(/\+00:00$/),
    });
    expect(events[0]!.agencyId).toBe(agency.id);

    await db.$transaction((tx) => topUp(tx, w.id, 3));
    expect((await state(w.id)).exhaustedAt).toBeNull();
    await charge(w.id, 3);
    events = await db.outboxEvent.findMany({ where: { teamId: w.id, type: "client.credits_exhausted" } });
    expect(events).toHaveLength(2);
  });
});

describe("concurrency", () => {
  it("200 answers racing on a balance of 50 through admission: exactly 50 admitted and charged, no debt, one event", async () => {
    const w = await workspace({ limit: 50 });
    let admitted = 0;
    await Promise.all(
      Array.from({ length: 200 }, async () => {
        const reservation = await reserveAnswer(db, w.id);
        if (reservation.refusal) return;
        admitted++;
        await settleAnswer(db, reservation.reservationId!, w.id, `answer-${admitted}`);
      }),
    );
    const final = await state(w.id);
    expect(admitted).toBe(50);
    expect(final.used).toBe(admitted);
    expect(final.debt).toBe(0);
    expect(final.remaining).toBe(0);

    const ledger = await db.creditLedgerEntry.findMany({ where: { teamId: w.id } });
    expect(ledger).toHaveLength(admitted);
    expect(ledger.filter((e) => e.debtDelta === 0)).toHaveLength(50);
    expect(ledger.reduce((s, e) => s + e.usedDelta, 0)).toBe(final.used);
    expect(ledger.reduce((s, e) => s + e.topupDelta, 0)).toBe(final.topup);
    expect(ledger.reduce((s, e) => s + e.debtDelta, 0)).toBe(final.debt);
    expect(await db.outboxEvent.count({ where: { teamId: w.id, type: "client.credits_exhausted" } })).toBe(1);
  });

  it("concurrent top-ups and charges lose no update", async () => {
    const w = await workspace({ limit: 10, used: 10 });
    await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => db.$transaction((tx) => topUp(tx, w.id, 5, { reference: `t${i}` }))),
      ...Array.from({ length: 30 }, () => chargeAnswer(db, w.id)),
    ]);
    const final = await state(w.id);
    // 100 credits in, 30 answers out: whatever the interleaving, T - D = 70.
    expect(final.topup - final.debt).toBe(70);
    expect(final.used).toBe(40);
  });
});
