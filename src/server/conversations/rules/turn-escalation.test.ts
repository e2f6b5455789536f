import { describe, expect, it } from "vitest";
import { escalationReason, unansweredInARow } from "@/server/conversations/rules/escalation";
import { mayEscalate } from "@/server/conversations/rules/turn-escalation";

describe("mayEscalate", () => {
  const base = { enabled: true, threshold: 3, message: "Do you deliver?", answered: true };

  it("is false when escalations are off, whatever the turn", () => {
    expect(mayEscalate({ ...base, enabled: false, message: "Let me talk to a human", answered: false, threshold: 0 })).toBe(false);
  });

  it("is false for an answered question that does not ask for a human", () => {
    expect(mayEscalate(base)).toBe(false);
  });

  it("is true when the visitor asks for a human, answered or not", () => {
    expect(mayEscalate({ ...base, message: "Can I speak to a real person?" })).toBe(true);
    expect(mayEscalate({ ...base, message: "Can I speak to a real person?", answered: false })).toBe(true);
  });

  it("is true for an unanswered turn (the run of unanswered ones may reach the threshold)", () => {
    expect(mayEscalate({ ...base, answered: false })).toBe(true);
    expect(mayEscalate({ ...base, answered: false, threshold: 1 })).toBe(true);
  });

  it("is true for every threshold an answered turn already meets (0)", () => {
    expect(mayEscalate({ ...base, threshold: 0 })).toBe(true);
  });

  it("never misses a turn the full rule escalates, over every short history", () => {
    const flags = [true, false, null] as const;
    const histories: Array<Array<boolean | null>> = [[]];
    for (let n = 0; n < 4; n++) for (const h of [...histories]) if (h.length === n) for (const f of flags) histories.push([...h, f]);
    for (const history of histories) {
      for (const answered of [true, false]) {
        for (const threshold of [0, 1, 2, 3, 5]) {
          for (const message of ["Do you deliver?", "I want to talk to a human"]) {
            const full = escalationReason({ enabled: true, alreadyEscalated: false, message, unansweredInARow: unansweredInARow([...history, answered]), threshold });
            if (full !== null) expect(mayEscalate({ enabled: true, threshold, message, answered }), JSON.stringify({ history, answered, threshold, message })).toBe(true);
          }
        }
      }
    }
  });
});
