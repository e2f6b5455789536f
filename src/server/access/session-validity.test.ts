import { describe, expect, it } from "vitest";
import { sessionStillValid } from "./session-validity";

describe("sessions after 'sign out everywhere'", () => {
  const cut = new Date("2026-01-01T12:00:00Z");
  it("accepts every session when nothing was revoked", () => {
    expect(sessionStillValid(undefined, null)).toBe(true);
  });
  it("refuses sessions started before the cut, accepts later ones", () => {
    expect(sessionStillValid(cut.getTime() - 1, cut)).toBe(false);
    expect(sessionStillValid(undefined, cut)).toBe(false);
    expect(sessionStillValid(cut.getTime(), cut)).toBe(true);
    expect(sessionStillValid(cut.getTime() + 5000, cut)).toBe(true);
  });
});
