import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { applyDelta, balance, chargeDelta, exhaustionChange, remaining, standingOf, type CreditCounters } from "@/server/workspaces/credit-rules";
import { agencyPool } from "@/server/workspaces/credits";
import type { PauseMode, WorkspaceStatus } from "@/server/workspaces/status";
import { chargeAnswer } from "../helpers/credits";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner } from "../helpers/fixtures";

/**
 * The SQL hot path (`charge_answer`) must apply exactly the rules of
 * workspaces/credit-rules: random states (fast-check), one charge each, compared field by field.
 */
let db: Db;
beforeAll(async () => {
  ({ db } = await createTestDatabase());
});

const STATES: Array<[WorkspaceStatus, PauseMode | null]> = [["active", null], ["active", null], ["paused", "soft"], ["paused", "hard"], ["suspended", null]];
const caseArb = fc.record({
  agency: fc.nat({ max: 4 }),
  poolSize: fc.constantFrom(5, 20, 100, 100_000),
  limit: fc.constantFrom(null, 0, 1, 5, 10),
  used: fc.nat({ max: 12 }),
  topup: fc.constantFrom(0, 0, 1, 3),
  debt: fc.constantFrom(0, 0, 2),
  state: fc.constantFrom(...STATES),
  exhausted: fc.nat({ max: 9 }).map((n) => n < 3),
  poolUsed: fc.nat({ max: 8 }),
});

describe("charge_answer matches workspaces/credit-rules", () => {
  it("on 150 random workspace states", async () => {
    // Five agencies whose pools fill up as the cases charge them (each case sets its pool's size).
    const agencies: Array<{ id: string; ownerId: string }> = [];
    for (let i = 0; i < 5; i++) agencies.push((await agencyOwner(db)).agency);
    let n = 0;
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        n++;
        const agency = agencies[c.agency]!;
        const { limit, poolSize } = c;
        await db.team.update({ where: { id: agency.id }, data: { monthlyMessagePool: poolSize } });
        const counters: CreditCounters = { limit, used: c.used, topup: c.topup, debt: c.debt };
        const [status, pauseMode] = c.state;
        const exhaustedAt = c.exhausted ? new Date("2026-11-01T00:00:00Z") : null;
        const team = await db.team.create({
          data: {
            kind: "client",
            name: `w${n}`,
            ownerId: agency.ownerId,
            agencyId: agency.id,
            messageLimit: limit,
            messagesUsed: counters.used,
            poolMessagesUsed: c.poolUsed,
            topupCredits: counters.topup,
            overflowDebt: counters.debt,
            status,
            pauseMode,
            creditsExhaustedAt: exhaustedAt,
          },
        });
        const poolBefore = await agencyPool(db, agency.id);
        const standing = standingOf(status, pauseMode);
        const delta = chargeDelta(counters, standing);
        const after = applyDelta(counters, delta);
        const pool = { size: poolSize, used: poolBefore.poolMessagesUsed + 1 };
        const expectedExhaustion = exhaustionChange(limit !== null, exhaustedAt, balance(after, pool));

        const result = await chargeAnswer(db, team.id, { reference: `case-${n}` });
        const label = JSON.stringify({ counters, status, pauseMode, exhaustedAt, poolSize, poolUsed: poolBefore.poolMessagesUsed });
        expect(result.delta, label).toEqual(delta);
        expect(result.remaining, label).toBe(remaining(after, pool, standing));
        expect(result.exhausted, label).toBe(expectedExhaustion === "mark");
        const stored = await db.team.findUniqueOrThrow({ where: { id: team.id } });
        expect({ used: stored.messagesUsed, topup: stored.topupCredits, debt: stored.overflowDebt }, label).toEqual({
          used: after.used,
          topup: after.topup,
          debt: after.debt,
        });
        const expectedAt = expectedExhaustion === "mark" ? expect.any(Date) : expectedExhaustion === "clear" ? null : exhaustedAt;
        expect(stored.creditsExhaustedAt, label).toEqual(expectedAt);
        expect(await db.outboxEvent.count({ where: { teamId: team.id } }), label).toBe(expectedExhaustion === "mark" ? 1 : 0);
      }),
      { seed: 20261121, numRuns: 150 },
    );
  });
});
