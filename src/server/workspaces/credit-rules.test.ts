import { describe, expect, it } from "vitest";
import {
  addMonths,
  autoTopupBelow,
  autoTopupGrant,
  applyDelta,
  balance,
  chargeDelta,
  exhaustionChange,
  planRenewal,
  remaining,
  standingOf,
  topupDelta,
  topupExceedsBucket,
  MAX_TOPUP_BUCKET,
  type CreditCounters,
  type Pool,
} from "./credit-rules";

const pool: Pool = { size: 100_000, used: 0 };
const c = (limit: number | null, used: number, topup = 0, debt = 0): CreditCounters => ({ limit, used, topup, debt });

describe("standing", () => {
  it.each([
    ["active", null, "active"],
    ["paused", "soft", "allowance-only"],
    ["paused", "hard", "stopped"],
    ["suspended", null, "stopped"],
  ] as const)("%s/%s → %s", (status, mode, standing) => {
    expect(standingOf(status, mode)).toBe(standing);
  });
});

describe("messages_remaining", () => {
  it.each([
    // counters, pool, standing, expected, why
    [c(100, 30), pool, "active", 70, "allowance left"],
    [c(100, 30, 50), pool, "active", 120, "allowance plus top-up"],
    [c(100, 130, 20), pool, "active", 20, "allowance used up: the top-up bucket"],
    [c(100, 30, 50), { size: 1000, used: 990 }, "active", 10, "capped by the agency pool"],
    [c(100, 30, 50), { size: 1000, used: 1200 }, "active", 0, "pool overdrawn"],
    [c(100, 30, 50), pool, "allowance-only", 70, "soft pause: only the remaining allowance"],
    [c(100, 100, 50), pool, "allowance-only", 0, "soft pause with the allowance used: the bucket is frozen"],
    [c(100, 30, 50), pool, "stopped", 0, "hard pause or suspension"],
    [c(null, 500), { size: 1000, used: 400 }, "active", 600, "no limit: the agency pool"],
    [c(null, 500), { size: 1000, used: 400 }, "allowance-only", 600, "no limit, soft pause: the pool"],
    [c(null, 0), { size: 1000, used: 0 }, "stopped", 0, "no limit, stopped"],
    [c(0, 0, 5), pool, "active", 5, "a zero limit still spends top-ups"],
  ] as const)("%j in %j, %s → %i (%s)", (counters, p, standing, expected, _why) => {
    expect(remaining(counters, p, standing)).toBe(expected);
  });
});

describe("charging an answer", () => {
  it.each([
    [c(100, 99, 10), "active", { used: 1, topup: 0, debt: 0 }, "the allowance first"],
    [c(100, 100, 10), "active", { used: 1, topup: -1, debt: 0 }, "then the top-up bucket"],
    [c(100, 100, 0), "active", { used: 1, topup: 0, debt: 1 }, "both empty (a concurrent answer won): debt"],
    [c(100, 100, 10), "allowance-only", { used: 1, topup: 0, debt: 1 }, "soft pause never draws the frozen bucket"],
    [c(100, 100, 10), "stopped", { used: 1, topup: 0, debt: 1 }, "an answer finishing after a hard pause"],
    [c(null, 5000), "active", { used: 1, topup: 0, debt: 0 }, "no limit: counted against the pool only"],
  ] as const)("%j %s → %j (%s)", (counters, standing, delta, _why) => {
    expect(chargeDelta(counters, standing)).toEqual(delta);
  });

  it("drains allowance then bucket then goes into debt, one answer at a time", () => {
    let s = c(3, 0, 2);
    const trail: number[] = [];
    for (let i = 0; i < 6; i++) {
      s = applyDelta(s, chargeDelta(s, "active"));
      trail.push(remaining(s, pool, "active"));
    }
    expect(trail).toEqual([4, 3, 2, 1, 0, 0]);
    expect(s).toEqual(c(3, 6, 0, 1));
  });
});

describe("top-ups", () => {
  it.each([
    [c(100, 100, 0, 0), 50, { used: 0, topup: 50, debt: 0 }],
    [c(100, 100, 0, 3), 50, { used: 0, topup: 47, debt: -3 }],
    [c(100, 100, 0, 80), 50, { used: 0, topup: 0, debt: -50 }],
    [c(100, 10, 20, 0), 5, { used: 0, topup: 5, debt: 0 }],
  ] as const)("%j + %i → %j (debt is paid first)", (counters, amount, delta) => {
    expect(topupDelta(counters, amount)).toEqual(delta);
  });

  it("bound the bucket at MAX_TOPUP_BUCKET (a 32-bit counter cannot overflow); debt paid first does not count", () => {
    expect(topupExceedsBucket(c(100, 0, MAX_TOPUP_BUCKET - 1_000_000), 1_000_000)).toBe(false);
    expect(topupExceedsBucket(c(100, 0, MAX_TOPUP_BUCKET - 999_999), 1_000_000)).toBe(true);
    expect(topupExceedsBucket(c(100, 0, MAX_TOPUP_BUCKET, 10), 10)).toBe(false);
    expect(MAX_TOPUP_BUCKET).toBeLessThan(2 ** 31 - 1_000_000);
  });

  it("freeze while paused and return untouched on resume", () => {
    const s = c(100, 100, 40);
    expect(remaining(s, pool, "stopped")).toBe(0);
    expect(remaining(s, pool, "allowance-only")).toBe(0);
    expect(remaining(s, pool, "active")).toBe(40);
  });
});

describe("renewal and reset keep top-ups", () => {
  it("renewal sets U to 0 but leaves T and D", () => {
    const s = c(100, 140, 25, 2);
    const renewed = { ...s, used: 0 };
    expect(remaining(renewed, pool, "active")).toBe(125);
    expect(renewed.topup).toBe(25);
    expect(renewed.debt).toBe(2);
  });
});

describe("exhaustion episodes", () => {
  const at = new Date("2026-11-01T00:00:00Z");
  it.each([
    [true, null, 0, "mark"],
    [true, at, 0, "none"],
    [true, at, 5, "clear"],
    [true, null, 5, "none"],
    [false, null, 0, "none"],
    [false, at, 0, "clear"],
  ] as const)("has limit %s, exhausted %s, balance %i → %s", (hasLimit, exhaustedAt, bal, expected) => {
    expect(exhaustionChange(hasLimit, exhaustedAt, bal)).toBe(expected);
  });

  it("balance ignores the pause (exhaustion is about credits, not status)", () => {
    expect(balance(c(10, 10, 3), pool)).toBe(3);
  });
});

describe("calendar", () => {
  it.each([
    ["2026-01-31T10:00:00Z", 1, "2026-02-28T10:00:00.000Z"],
    ["2028-01-31T10:00:00Z", 1, "2028-02-29T10:00:00.000Z"],
    ["2026-11-15T00:00:00Z", 1, "2026-12-15T00:00:00.000Z"],
    ["2026-12-15T00:00:00Z", 1, "2027-01-15T00:00:00.000Z"],
  ])("%s + %i month → %s", (from, n, to) => {
    expect(addMonths(new Date(from), n).toISOString()).toBe(to);
  });

  const renewAt = new Date("2026-11-01T00:00:00Z");
  it("does nothing before the renewal date", () => {
    expect(planRenewal("active", renewAt, new Date("2026-10-31T23:59:59Z"))).toBeNull();
  });
  it("renews an active workspace at the scheduled date", () => {
    expect(planRenewal("active", renewAt, new Date("2026-11-01T00:00:01Z"))).toEqual({
      reset: true,
      periodStart: renewAt,
      nextRenewal: new Date("2026-12-01T00:00:00Z"),
    });
  });
  it("catches up months missed while the job was down, keeping the calendar", () => {
    expect(planRenewal("active", renewAt, new Date("2027-01-10T00:00:00Z"))).toEqual({
      reset: true,
      periodStart: new Date("2027-01-01T00:00:00Z"),
      nextRenewal: new Date("2027-02-01T00:00:00Z"),
    });
  });
  it.each(["paused", "suspended"] as const)("skips a %s workspace and moves its date on", (status) => {
    expect(planRenewal(status, renewAt, new Date("2026-11-02T00:00:00Z"))).toEqual({
      reset: false,
      periodStart: null,
      nextRenewal: new Date("2026-12-01T00:00:00Z"),
    });
  });
});

describe("auto top-up", () => {
  const rule = { threshold: 5, amount: 100, monthlyCap: 250 };
  const counters = { limit: 30, used: 26, topup: 0, debt: 0 };
  it("fires below the threshold or at zero, once per fall, only while active", () => {
    expect(autoTopupBelow(5, 4)).toBe(true);
    expect(autoTopupBelow(5, 5)).toBe(false);
    expect(autoTopupBelow(0, 0)).toBe(true);
    expect(autoTopupGrant(rule, counters, "active", 4, false, 0)).toBe(100);
    expect(autoTopupGrant(rule, counters, "active", 5, false, 0)).toBe(0);
    expect(autoTopupGrant(rule, counters, "active", 4, true, 0)).toBe(0);
    expect(autoTopupGrant(rule, counters, "allowance-only", 4, false, 0)).toBe(0);
    expect(autoTopupGrant(null, counters, "active", 0, false, 0)).toBe(0);
  });
  it("is cut to what the month's cap leaves, and never overfills the bucket", () => {
    expect(autoTopupGrant(rule, counters, "active", 4, false, 200)).toBe(50);
    expect(autoTopupGrant(rule, counters, "active", 4, false, 250)).toBe(0);
    expect(autoTopupGrant(rule, { ...counters, topup: MAX_TOPUP_BUCKET - 10 }, "active", 4, false, 0)).toBe(0);
  });
});
