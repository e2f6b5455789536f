import { describe, expect, it } from "vitest";
import { transition, type WorkspaceState } from "./status";

const active: WorkspaceState = { status: "active", pauseMode: null };
const hard: WorkspaceState = { status: "paused", pauseMode: "hard" };
const soft: WorkspaceState = { status: "paused", pauseMode: "soft" };
const suspended: WorkspaceState = { status: "suspended", pauseMode: null };

describe("workspace status machine", () => {
  it.each([
    ["active", active, { type: "pause", mode: "hard" }, hard, true, true],
    ["active", active, { type: "pause", mode: "soft" }, soft, true, true],
    ["paused hard", hard, { type: "pause", mode: "soft" }, soft, true, false],
    ["paused soft", soft, { type: "pause", mode: "hard" }, hard, true, false],
    ["paused hard", hard, { type: "pause", mode: "hard" }, hard, false, false],
    ["active", active, { type: "suspend" }, suspended, true, true],
    ["paused hard", hard, { type: "suspend" }, suspended, true, false],
    ["paused soft", soft, { type: "suspend" }, suspended, true, false],
    ["suspended", suspended, { type: "suspend" }, suspended, false, false],
    ["paused hard", hard, { type: "resume" }, active, true, false],
    ["paused soft", soft, { type: "resume" }, active, true, false],
    ["suspended", suspended, { type: "resume" }, active, true, false],
    ["active", active, { type: "resume" }, active, false, false],
  ] as const)("%s + %j → %j (changed %s, stamps paused_at %s)", (_label, from, action, to, changed, stamp) => {
    expect(transition(from, action)).toEqual({ ok: true, next: to, changed, stampPausedAt: stamp });
  });

  it.each([
    [{ type: "pause", mode: "hard" }],
    [{ type: "pause", mode: "soft" }],
  ] as const)("refuses %j on a suspended workspace", (action) => {
    const result = transition(suspended, action);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/resume it first/);
  });
});
