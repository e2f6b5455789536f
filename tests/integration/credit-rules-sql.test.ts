import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { poolOf, type Db } from "@/server/kernel/db/client";
import { applyDelta, autoTopupBelow, autoTopupGrant, chargeDelta, remaining, standingOf, type CreditCounters } from "@/server/workspaces/credit-rules";
import type { PauseMode, WorkspaceStatus } from "@/server/workspaces/status";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner } from "../helpers/fixtures";
import { reserveAnswer, settleAnswer } from "../helpers/credits";

/**
 * Each credit rule SQL restates (workspaces/sql/answer-credits.sql) against
 * its TypeScript specification (workspaces/credit-rules.ts), property by
 * property: `workspace_stopped`, `credits_remaining`, `agency_pool_used`,
 * and the admission and settlement functions built on them. (charge_answer
 * has its own: charge-answer-sql.test.ts.)
 */
let db: Db;
let ownerId: string;
beforeAll(async () => {
  ({ db } = await createTestDatabase());
  // One owner (a user costs a password hash); each property run gets agencies of its own.
  ownerId = (await agencyOwner(db)).user.id;
});

const sql = async <T,>(text: string, values: unknown[]) => (await poolOf(db).query<T & Record<string, unknown>>(text, values)).rows[0]!;
const STATES: Array<[WorkspaceStatus, PauseMode | null]> = [
  ["active", null],
  ["paused", "soft"],
  ["paused", "hard"],
  ["paused", null],
  ["suspended", null],
  ["active", "hard"],
];
const state = fc.constantFrom(...STATES);
const SEED = 20261126;

describe("workspace_stopped is standingOf(…) === 'stopped'", () => {
  it.each(STATES)("%s / %s", async (status, pauseMode) => {
    const row = await sql<{ stopped: boolean }>("SELECT workspace_stopped($1::workspace_status, $2::pause_mode) AS stopped", [status, pauseMode]);
    expect(row.stopped).toBe(standingOf(status, pauseMode) === "stopped");
  });
});

describe("credits_remaining is remaining()", () => {
  it("on random counters, pools and reservations", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: -5, max: 40 }),
        fc.integer({ min: 0, max: 8 }),
        state,
        async (limit, used, topup, poolLeft, reserved, [status, pauseMode]) => {
          const row = await sql<{ r: string }>(
            "SELECT credits_remaining($1::int, $2::int, $3::int, $4::bigint, $5::workspace_status, $6::pause_mode, $7::bigint) AS r",
            [limit, used, topup, poolLeft, status, pauseMode, reserved],
          );
          const counters: CreditCounters = { limit, used, topup, debt: 0 };
          expect(Number(row.r)).toBe(remaining(counters, { size: poolLeft, used: 0 }, standingOf(status, pauseMode), reserved));
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });
});

async function agencyWith(workspaces: Array<{ limit: number | null; used: number; poolUsed: number; topup: number; status: WorkspaceStatus; pauseMode: PauseMode | null }>, poolSize: number) {
  const agency = await db.team.create({ data: { name: "agency", kind: "agency", plan: "agency", ownerId, monthlyMessagePool: poolSize } });
  const teams = [];
  for (const [i, w] of workspaces.entries()) {
    teams.push(
      await db.team.create({
        data: {
          kind: "client",
          name: `w${i}`,
          ownerId,
          agencyId: agency.id,
          messageLimit: w.limit,
          messagesUsed: w.used,
          poolMessagesUsed: w.poolUsed,
          topupCredits: w.topup,
          status: w.status,
          pauseMode: w.pauseMode,
        },
      }),
    );
  }
  return { agency, teams };
}

const workspaceArb = fc.record({
  limit: fc.option(fc.integer({ min: 0, max: 6 }), { nil: null }),
  used: fc.integer({ min: 0, max: 8 }),
  poolUsed: fc.integer({ min: 0, max: 6 }),
  topup: fc.constantFrom(0, 0, 1, 3),
  status: fc.constant<WorkspaceStatus>("active"),
  pauseMode: fc.constant<PauseMode | null>(null),
}).chain((w) => state.map(([status, pauseMode]) => ({ ...w, status, pauseMode })));

describe("agency_pool_used is the sum of the agency's client workspaces' use", () => {
  it("on random agencies (and with one workspace left out)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(workspaceArb, { minLength: 1, maxLength: 4 }), async (workspaces) => {
        const { agency, teams } = await agencyWith(workspaces, 100);
        const sum = workspaces.reduce((s, w) => s + w.poolUsed, 0);
        expect(Number((await sql<{ u: string }>("SELECT agency_pool_used($1::uuid) AS u", [agency.id])).u)).toBe(sum);
        expect(Number((await sql<{ u: string }>("SELECT agency_pool_used($1::uuid, $2::uuid) AS u", [agency.id, teams[0]!.id])).u)).toBe(sum - workspaces[0]!.poolUsed);
      }),
      { seed: SEED + 1, numRuns: 25 },
    );
  });
});

describe("reserve_answer and settle_answer follow the rules", () => {
  it("admit exactly what remaining() allows once the answers in flight are counted, and settle as chargeDelta says", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(workspaceArb, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        async (workspaces, poolSize, inFlightHere, inFlightElsewhere) => {
          const { agency, teams } = await agencyWith(workspaces, poolSize);
          const target = teams[0]!;
          const w = workspaces[0]!;
          // Answers already admitted and not settled: here, and in another workspace of the agency.
          const other = teams[1] ?? target;
          for (let i = 0; i < inFlightHere; i++) await db.answerReservation.create({ data: { teamId: target.id, agencyId: agency.id, expiresAt: new Date(Date.now() + 60_000) } });
          for (let i = 0; i < inFlightElsewhere; i++) await db.answerReservation.create({ data: { teamId: other.id, agencyId: agency.id, expiresAt: new Date(Date.now() + 60_000) } });
          const reservedHere = inFlightHere + (other === target ? inFlightElsewhere : 0);
          const poolUsed = workspaces.reduce((s, x) => s + x.poolUsed, 0) + inFlightHere + inFlightElsewhere;
          const counters: CreditCounters = { limit: w.limit, used: w.used, topup: w.topup, debt: 0 };
          const standing = standingOf(w.status, w.pauseMode);
          const expected = remaining(counters, { size: poolSize, used: poolUsed }, standing, reservedHere);

          const admitted = await reserveAnswer(db, target.id);
          const label = JSON.stringify({ workspaces, poolSize, inFlightHere, inFlightElsewhere });
          if (standing === "stopped") expect(admitted.refusal, label).toBe("stopped");
          else if (expected <= 0) expect(admitted.refusal, label).toBe("no_credit");
          else {
            expect(admitted.refusal, label).toBeNull();
            expect(admitted.remaining, label).toBe(expected - 1);
            await settleAnswer(db, admitted.reservationId!, target.id, "parity");
            const after = applyDelta(counters, chargeDelta(counters, standing));
            const stored = await db.team.findUniqueOrThrow({ where: { id: target.id } });
            expect({ used: stored.messagesUsed, topup: stored.topupCredits, debt: stored.overflowDebt }, label).toEqual({ used: after.used, topup: after.topup, debt: after.debt });
            expect(await db.answerReservation.count({ where: { id: admitted.reservationId! } }), label).toBe(0);
          }
        },
      ),
      { seed: SEED + 2, numRuns: 60 },
    );
  });
});

describe("auto_topup_below and auto_topup_grant are autoTopupBelow() and autoTopupGrant()", () => {
  it("on random rules, counters, balances and months", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ threshold: fc.integer({ min: 0, max: 20 }), amount: fc.integer({ min: 1, max: 30 }), monthlyCap: fc.integer({ min: 1, max: 60 }) }),
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 25 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 70 }),
        state,
        async (rule, topup, debt, balanceAfter, fired, grantedThisMonth, [status, pauseMode]) => {
          const row = await sql<{ below: boolean; grant: number }>(
            `SELECT auto_topup_below($1::int, $5::bigint) AS below,
                    auto_topup_grant($1::int, $2::int, $3::int, $4::workspace_status, $6::int, $7::int, $5::bigint, $8::boolean, $9::bigint) AS grant`,
            [rule.threshold, rule.amount, rule.monthlyCap, status, balanceAfter, topup, debt, fired, grantedThisMonth],
          );
          expect(row.below).toBe(autoTopupBelow(rule.threshold, balanceAfter));
          const counters: CreditCounters = { limit: 10, used: 10, topup, debt };
          expect(row.grant).toBe(autoTopupGrant(rule, counters, standingOf(status, pauseMode), balanceAfter, fired, grantedThisMonth));
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });
});
