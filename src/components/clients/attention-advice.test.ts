import { describe, expect, it } from "vitest";
import { attentionAdvice } from "./attention-advice";

const facts = { status: "active" as const, paused_at: null, credits_exhausted_at: null, messages_remaining: 12, answered_rate: 0.55, pause_mode: null };

describe("why a client needs attention, and what to do", () => {
  it("gives each reason its cause and an action", () => {
    const suspended = attentionAdvice({ ...facts, status: "suspended", credits_exhausted_at: "2026-11-27T10:00:00.000+00:00" }, "Suspended");
    expect(suspended).toEqual({ reason: "Suspended", why: "credits ran out on Nov 27, 2026", action: "Top up or resume" });
    expect(attentionAdvice({ ...facts, status: "paused", pause_mode: "hard", paused_at: "2026-11-20T10:00:00.000+00:00" }, "Paused").action).toBe("Resume");
    expect(attentionAdvice(facts, "Low credits")).toMatchObject({ why: "12 credits left", action: "Top up" });
    expect(attentionAdvice(facts, "9 unanswered questions")).toMatchObject({ why: "55% answered this period", action: "Answer them" });
  });
});
