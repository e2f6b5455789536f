import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "@/server/transport/root";
import type { Db } from "@/server/kernel/db/client";
import { analyticsDatabase } from "../helpers/analytics-fixtures";
import { type agencyOwner, chatbot } from "../helpers/fixtures";

/**
 * Property: for random traffic and random ranges, `conversationsPerDay` has
 * one entry per day and sums to `totalConversations`, and both match a plain
 * count of the generated timestamps (made here, not by the code under test).
 * fast-check draws the data (reproducible by its seed) and shrinks a failure.
 */
const DAY = 86_400_000;
const BASE = Date.UTC(2026, 0, 1);

let db: Db;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let teamId: string;

beforeAll(async () => ({ db, owner, teamId } = await analyticsDatabase()));

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A time over 120 days, a fifth of them on exact midnights (day boundaries). */
const timeArb = fc
  .tuple(fc.nat({ max: 119 }), fc.oneof({ weight: 8, arbitrary: fc.nat({ max: DAY - 1 }) }, { weight: 1, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.constant(DAY - 1) }))
  .map(([day, ms]) => BASE + day * DAY + ms);

describe("conversationsPerDay", () => {
  it("sums to totalConversations for random data", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(timeArb, { maxLength: 399, size: "max" }), fc.nat({ max: 99 }), fc.nat({ max: 39 }), async (times, fromDay, span) => {
        run++;
        const bot = await chatbot(db, teamId, owner.user.id, `Random ${run}`);
        const visitor = await db.visitor.create({ data: { chatbotId: bot.id, visitorKey: `v${run}` } });
        await db.conversation.createMany({ data: times.map((t) => ({ chatbotId: bot.id, visitorId: visitor.id, createdAt: new Date(t) })) });

        const toDay = fromDay + span;
        const [from, to] = [iso(BASE + fromDay * DAY), iso(BASE + toDay * DAY)];
        const r = await createCaller({ db, user: owner.user, via: "token", tokenId: null }).analytics.get({ chatbot_id: bot.id, from, to });

        const perDay = Object.values(r.conversationsPerDay);
        expect(perDay).toHaveLength(toDay - fromDay + 1);
        expect(perDay.reduce((a, b) => a + b, 0)).toBe(r.totalConversations);
        const inRange = (t: number, a: number, b: number) => t >= BASE + a * DAY && t < BASE + (b + 1) * DAY;
        expect(r.totalConversations).toBe(times.filter((t) => inRange(t, fromDay, toDay)).length);
        const length = toDay - fromDay + 1;
        expect(r.previousPeriodConversations).toBe(times.filter((t) => inRange(t, fromDay - length, fromDay - 1)).length);
        for (const [day, count] of Object.entries(r.conversationsPerDay)) {
          expect(count).toBe(times.filter((t) => iso(t) === day).length);
        }
      }),
      { seed: 20260101, numRuns: 8 },
    );
  });
});
