import { describe, expect, it } from "vitest";
import { standingOf } from "@/server/workspaces/client";
import { formatDelta, formatRunway, isExhausted, isRunningLow, isStopped, nextRenewal, percentOf, runwayOf, standingOfClient, stateName, topupsFrozen } from "./format";

const n = (v: number) => new Intl.NumberFormat().format(v);
const active = { status: "active" as const, pause_mode: null, messages_remaining: 100, credits_exhausted_at: null, runway_days: 12.4 };

describe("runway", () => {
  it("is days at the recent pace for a serving client", () => {
    expect(runwayOf(active)).toEqual({ kind: "days", days: 12.4 });
    expect(formatRunway(runwayOf(active))).toBe("~12 days");
    expect(formatRunway({ kind: "days", days: 1.2 })).toBe("~1 day");
    expect(formatRunway({ kind: "days", days: 0.4 })).toBe("< 1 day");
    expect(formatRunway({ kind: "days", days: 2940 })).toBe("> 1 year");
  });

  it("is exhausted when the server says so, or when a serving client has nothing left", () => {
    expect(runwayOf({ ...active, credits_exhausted_at: "2026-11-21T10:00:00+00:00" }).kind).toBe("exhausted");
    expect(runwayOf({ ...active, messages_remaining: 0 }).kind).toBe("exhausted");
    expect(formatRunway({ kind: "exhausted" })).toBe("Exhausted");
  });

  it("is a dash while hard-paused or suspended (0 by rule, not by use) and when nothing was used lately", () => {
    expect(runwayOf({ ...active, status: "paused", pause_mode: "hard", messages_remaining: 0 }).kind).toBe("stopped");
    expect(runwayOf({ ...active, status: "suspended", messages_remaining: 0 }).kind).toBe("stopped");
    expect(isExhausted({ ...active, status: "suspended", messages_remaining: 0 })).toBe(false);
    expect(runwayOf({ ...active, runway_days: null }).kind).toBe("idle");
    expect(formatRunway({ kind: "idle" })).toBe("—");
  });

  it("takes a pause without a mode for stopped, as the server's standingOf does", () => {
    const pausedNoMode = { ...active, status: "paused" as const, messages_remaining: 0 };
    expect(standingOfClient(pausedNoMode)).toBe("stopped");
    expect(isStopped(pausedNoMode)).toBe(true);
    expect(runwayOf(pausedNoMode).kind).toBe("stopped");
    expect(isExhausted(pausedNoMode)).toBe(false);
    expect(isRunningLow(pausedNoMode)).toBe(false);
    expect(stateName(pausedNoMode)).toBe("Paused");
  });

  it("follows standingOf for every state: stopped, allowance only, active; top-ups frozen unless active", () => {
    const states = [
      ["active", null, "active", "Active"],
      ["paused", "soft", "allowance-only", "Soft-paused"],
      ["paused", "hard", "stopped", "Hard-paused"],
      ["paused", null, "stopped", "Paused"],
      ["suspended", null, "stopped", "Suspended"],
    ] as const;
    for (const [status, pause_mode, standing, name] of states) {
      const client = { status, pause_mode };
      expect(standingOfClient(client), `${status}/${pause_mode}`).toBe(standingOf(status, pause_mode));
      expect(standingOfClient(client)).toBe(standing);
      expect(isStopped(client)).toBe(standing === "stopped");
      expect(topupsFrozen(client)).toBe(standing !== "active");
      expect(stateName(client)).toBe(name);
    }
  });

  it("flags clients under a week or exhausted as running low", () => {
    expect(isRunningLow({ ...active, runway_days: 6.9 })).toBe(true);
    expect(isRunningLow({ ...active, runway_days: 7 })).toBe(false);
    expect(isRunningLow({ ...active, messages_remaining: 0 })).toBe(true);
    expect(isRunningLow({ ...active, status: "paused", pause_mode: "soft", runway_days: null })).toBe(false);
  });
});

describe("numbers", () => {
  it("signs deltas with thousands separators", () => {
    expect(formatDelta(1500)).toBe(`+${n(1500)}`);
    expect(formatDelta(-1873)).toBe(`−${n(1873)}`);
    expect(formatDelta(0)).toBe("0");
  });

  it("clamps percentages", () => {
    expect(percentOf(50, 200)).toBe(25);
    expect(percentOf(300, 200)).toBe(100);
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(1, 0)).toBe(100);
  });
});

describe("nextRenewal", () => {
  it("is one month after the start of the period, clamped to the month's last day", () => {
    expect(nextRenewal("2099-01-31T09:00:00+00:00")?.toISOString()).toBe("2099-02-28T09:00:00.000Z");
    expect(nextRenewal("2099-03-15T09:00:00+00:00")?.toISOString()).toBe("2099-04-15T09:00:00.000Z");
    expect(nextRenewal("not a date")).toBeNull();
  });
});
