import { describe, expect, it } from "vitest";
import { isLowOnCredits, lowCreditStep } from "./low-credit";

describe("low-credit alert episodes", () => {
  it("alerts once when the remaining credits fall to the threshold", () => {
    expect(lowCreditStep(101, 100, false)).toBe("none");
    expect(lowCreditStep(100, 100, false)).toBe("alert");
    expect(lowCreditStep(0, 100, true)).toBe("none");
  });
  it("ends the episode when the credits rise above the threshold again", () => {
    expect(lowCreditStep(500, 100, true)).toBe("clear");
    expect(lowCreditStep(500, 100, false)).toBe("none");
  });
  it("has no episode without a threshold or for an archived workspace", () => {
    expect(lowCreditStep(0, null, false)).toBe("none");
    expect(lowCreditStep(0, null, true)).toBe("clear");
    expect(lowCreditStep(0, 100, false, true)).toBe("none");
  });
  it("shows the badge at or below the threshold", () => {
    expect(isLowOnCredits(10, 10)).toBe(true);
    expect(isLowOnCredits(11, 10)).toBe(false);
    expect(isLowOnCredits(0, null)).toBe(false);
  });
});
