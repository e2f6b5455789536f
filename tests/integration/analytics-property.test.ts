import { beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "@/server/transport/root";
import type { Db } from "@/server/kernel/db/client";
import { analyticsDatabase } from "../helpers/analytics-fixtures";
import { type agencyOwner, chatbot } from "../helpers/fixtures";

/**
 * Property: for random traffic and random ranges, `conversationsPerDay` has
 * one entry per day and sums to `totalConversations`, and both match a plain
 * count of the generated timestamps (made here, not by the code under test).
 */
const DAY = 86_400_000;
const BASE = Date.UTC(2026, 0, 1);

/** mulberry32: reproducible runs; the seed is in the test name. */
function rng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let db: Db;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let teamId: string;

beforeAll(async () => ({ db, owner, teamId } = await analyticsDatabase()));

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe("conversationsPerDay", () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])("sums to totalConversations for random data (seed %i)", async (seed) => {
    const random = rng(seed);
    const bot = await chatbot(db, teamId, owner.user.id, `Random ${seed}`);
    const visitor = await db.visitor.create({ data: { chatbotId: bot.id, visitorKey: `v${seed}` } });
    const n = Math.floor(random() * 400);
    // Times over 120 days, a fifth of them on exact midnights (day boundaries).
    const times = Array.from({ length: n }, () => {
      const day = Math.floor(random() * 120);
      return BASE + day * DAY + (random() < 0.2 ? (random() < 0.5 ? 0 : DAY - 1) : Math.floor(random() * DAY));
    });
    await db.conversation.createMany({ data: times.map((t) => ({ chatbotId: bot.id, visitorId: visitor.id, createdAt: new Date(t) })) });

    const fromDay = Math.floor(random() * 100);
    const toDay = fromDay + Math.floor(random() * 40);
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
  });
});
