import { describe, expect, it } from "vitest";
import { attentionReasons, answeredRate } from "./attention";

const fine = { status: "active", pauseMode: null, archived: false, hasLimit: true, remaining: 500, lowCredits: false, runwayDays: 30, questions: 10, answered: 10 } as const;

describe("clients needing attention", () => {
  it("names what is wrong: stopped, out or low on credits, short runway, many unanswered questions", () => {
    expect(attentionReasons(fine)).toEqual([]);
    expect(attentionReasons({ ...fine, status: "paused", pauseMode: "hard" })).toEqual(["Paused"]);
    expect(attentionReasons({ ...fine, status: "suspended" })).toEqual(["Suspended"]);
    expect(attentionReasons({ ...fine, remaining: 0 })).toEqual(["Out of credits"]);
    expect(attentionReasons({ ...fine, lowCredits: true })).toEqual(["Low credits"]);
    expect(attentionReasons({ ...fine, runwayDays: 3.4 })).toEqual(["Credits last about 3 days"]);
    expect(attentionReasons({ ...fine, questions: 10, answered: 5 })).toEqual(["5 unanswered questions"]);
    expect(attentionReasons({ ...fine, questions: 4, answered: 0 })).toEqual([]);
    expect(attentionReasons({ ...fine, status: "suspended", archived: true })).toEqual([]);
    expect(answeredRate(0, 0)).toBeNull();
    expect(answeredRate(4, 3)).toBe(0.75);
  });
});
