import { describe, expect, it } from "vitest";
import { deadEndOf } from "./panel-state";

const bot = (enabled: boolean, status: "active" | "paused" | "suspended", pauseMode: "hard" | "soft" | null = null, deletedAt: Date | null = null) => ({
  enabled,
  deletedAt,
  workspace: { id: "t", status, pauseMode },
});

describe("why a chatbot's panel cannot chat", () => {
  it.each([
    ["no such chatbot", null, "unknown"],
    ["deleted", bot(true, "active", null, new Date()), "unknown"],
    ["switched off", bot(false, "active"), "unavailable"],
    ["hard pause", bot(true, "paused", "hard"), "paused"],
    ["suspended", bot(true, "suspended"), "suspended"],
    ["soft pause (serves: its answers say the rest)", bot(true, "paused", "soft"), null],
    ["active", bot(true, "active"), null],
  ] as const)("%s", (_, chatbot, reason) => {
    expect(deadEndOf(chatbot)).toBe(reason);
  });
});
