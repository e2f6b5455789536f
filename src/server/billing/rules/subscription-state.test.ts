import { describe, expect, it } from "vitest";
import { allowanceFor, dunningStep, replacesStored } from "./subscription-state";

const at = (s: string) => new Date(`2026-12-01T${s}Z`);
const plan = { messageAllowance: 500, overagePer100: 200, includedIntegrations: [] as string[] };
const rule = { graceDays: 3, mode: "soft" as const };

describe("replacesStored", () => {
  it("takes a newer read, refuses an older one", () => {
    expect(replacesStored({ status: "active", syncedAt: at("10:00:00") }, { status: "past_due", readAt: at("10:00:01") })).toBe(true);
    expect(replacesStored({ status: "past_due", syncedAt: at("10:00:01") }, { status: "active", readAt: at("10:00:00") })).toBe(false);
  });
  it("at the same instant moves only forward along the lifecycle", () => {
    expect(replacesStored({ status: "incomplete", syncedAt: at("10:00:00") }, { status: "active", readAt: at("10:00:00") })).toBe(true);
    expect(replacesStored({ status: "active", syncedAt: at("10:00:00") }, { status: "incomplete", readAt: at("10:00:00") })).toBe(false);
  });
  it("never leaves an end state, and takes anything first", () => {
    expect(replacesStored({ status: "canceled", syncedAt: at("10:00:00") }, { status: "active", readAt: at("11:00:00") })).toBe(false);
    expect(replacesStored({ status: "incomplete_expired", syncedAt: at("10:00:00") }, { status: "active", readAt: at("11:00:00") })).toBe(false);
    expect(replacesStored({ status: "incomplete", syncedAt: null }, { status: "canceled", readAt: at("09:00:00") })).toBe(true);
  });
});

describe("allowanceFor", () => {
  it("gives the plan's allowance while it is served, overage when priced, a fresh allowance on a new period", () => {
    expect(allowanceFor(plan, "incomplete", null, null)).toBeNull();
    expect(allowanceFor(plan, "canceled", at("10:00:00"), at("10:00:00"))).toBeNull();
    expect(allowanceFor(plan, "active", at("10:00:00"), null)).toEqual({ messageLimit: 500, overageAllowed: true, integrations: null, newPeriod: true });
    expect(allowanceFor(plan, "active", at("10:00:00"), at("10:00:00"))).toEqual({ messageLimit: 500, overageAllowed: true, integrations: null, newPeriod: false });
    expect(allowanceFor({ ...plan, overagePer100: null, includedIntegrations: ["crm_1"] }, "past_due", at("11:00:00"), at("10:00:00"))).toEqual({
      messageLimit: 500,
      overageAllowed: false,
      integrations: ["crm_1"],
      newPeriod: true,
    });
  });
});

describe("dunningStep", () => {
  const now = at("12:00:00");
  const days = (n: number) => new Date(now.getTime() - n * 86_400_000);
  it("starts the clock on a failed payment and pauses once the grace days have passed", () => {
    expect(dunningStep({ status: "past_due", pastDueSince: null, workspaceStatus: "active", pauseReason: null }, rule, now)).toEqual({ do: "start-clock" });
    expect(dunningStep({ status: "past_due", pastDueSince: days(2), workspaceStatus: "active", pauseReason: null }, rule, now)).toEqual({ do: "none" });
    expect(dunningStep({ status: "past_due", pastDueSince: days(3), workspaceStatus: "active", pauseReason: null }, rule, now)).toEqual({ do: "pause", mode: "soft" });
    expect(dunningStep({ status: "unpaid", pastDueSince: null, workspaceStatus: "active", pauseReason: null }, { graceDays: 0, mode: "hard" }, now)).toEqual({ do: "pause", mode: "hard" });
  });
  it("leaves a workspace the agency stopped alone", () => {
    expect(dunningStep({ status: "past_due", pastDueSince: days(9), workspaceStatus: "paused", pauseReason: null }, rule, now)).toEqual({ do: "none" });
    expect(dunningStep({ status: "active", pastDueSince: null, workspaceStatus: "paused", pauseReason: null }, rule, now)).toEqual({ do: "none" });
    expect(dunningStep({ status: "active", pastDueSince: days(4), workspaceStatus: "suspended", pauseReason: null }, rule, now)).toEqual({ do: "stop-clock" });
  });
  it("lifts its own pause once paid", () => {
    expect(dunningStep({ status: "active", pastDueSince: days(4), workspaceStatus: "paused", pauseReason: "dunning" }, rule, now)).toEqual({ do: "resume" });
    expect(dunningStep({ status: "canceled", pastDueSince: days(4), workspaceStatus: "paused", pauseReason: "dunning" }, rule, now)).toEqual({ do: "stop-clock" });
  });
});
