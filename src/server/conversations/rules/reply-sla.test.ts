import { describe, expect, it } from "vitest";
import { slaState, waitedLabel } from "./reply-sla";

describe("the reply SLA", () => {
  const since = new Date("2026-12-06T10:00:00Z");
  const at = (minutes: number) => new Date(since.getTime() + minutes * 60_000);

  it("is on time, due soon in its last fifth, then overdue", () => {
    expect(slaState(since, 5, at(1))).toEqual({ waitedMinutes: 1, state: "on_time" });
    expect(slaState(since, 5, at(4))).toEqual({ waitedMinutes: 4, state: "due_soon" });
    expect(slaState(since, 5, at(5))).toEqual({ waitedMinutes: 5, state: "overdue" });
    expect(slaState(since, 5, at(-1))).toEqual({ waitedMinutes: 0, state: "on_time" });
  });

  it("says how long in words", () => {
    expect([0, 4, 65].map(waitedLabel)).toEqual(["under a minute", "4 min", "1 h 05 min"]);
  });
});
