import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { applyDelta, balance, chargeDelta, exhaustionChange, remaining, standingOf, type CreditCounters } from "@/server/workspaces/credit-rules";
import { agencyPool } from "@/server/workspaces/credits";
import { chargeAnswer } from "../helpers/credits";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner } from "../helpers/fixtures";

/**
 * The SQL hot path (`charge_answer`) must apply exactly the rules of
 * workspaces/credit-rules: random states, one charge each, compared field by field.
 */
let db: Db;
beforeAll(async () => {
  ({ db } = await createTestDatabase());
});

function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("charge_answer matches workspaces/credit-rules", () => {
  it("on 150 random workspace states", async () => {
    const random = mulberry32(20261121);
    const pick = <T,>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const int = (max: number) => Math.floor(random() * (max + 1));

    for (let i = 0; i < 5; i++) {
      const { agency } = await agencyOwner(db);
      const poolSize = pick([5, 20, 100, 100_000]);
      await db.team.update({ where: { id: agency.id }, data: { monthlyMessagePool: poolSize } });
      for (let j = 0; j < 30; j++) {
        const limit = pick([null, 0, 1, 5, 10]);
        const counters: CreditCounters = { limit, used: int(12), topup: pick([0, 0, 1, 3]), debt: pick([0, 0, 2]) };
        const [status, pauseMode] = pick([["active", null], ["active", null], ["paused", "soft"], ["paused", "hard"], ["suspended", null]] as const);
        const exhaustedAt = random() < 0.3 ? new Date("2026-11-01T00:00:00Z") : null;
        const team = await db.team.create({
          data: {
            kind: "client",
            name: `w${i}-${j}`,
            ownerId: agency.ownerId,
            agencyId: agency.id,
            messageLimit: limit,
            messagesUsed: counters.used,
            poolMessagesUsed: int(8),
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

        const result = await chargeAnswer(db, team.id, { reference: `case-${i}-${j}` });
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
      }
    }
  });
});
