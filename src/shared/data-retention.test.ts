import { describe, expect, it } from "vitest";
import { agencyRetentionErrors, clientRetentionError, effectiveRetentionDays } from "./data-retention";

describe("effectiveRetentionDays", () => {
  it("takes the client's days, else the agency's default, else its maximum; null keeps", () => {
    expect(effectiveRetentionDays(30, { defaultDays: 90, maxDays: 365 })).toBe(30);
    expect(effectiveRetentionDays(null, { defaultDays: 90, maxDays: 365 })).toBe(90);
    expect(effectiveRetentionDays(null, { defaultDays: null, maxDays: 365 })).toBe(365);
    expect(effectiveRetentionDays(null, { defaultDays: null, maxDays: null })).toBeNull();
  });

  it("never keeps longer than the agency's maximum, even for a number set before the maximum was lowered", () => {
    expect(effectiveRetentionDays(400, { defaultDays: null, maxDays: 180 })).toBe(180);
  });
});

describe("clientRetentionError", () => {
  it("refuses below one day and above the agency's maximum, naming the field", () => {
    expect(clientRetentionError(0, null)).toMatch(/data retention days must be at least 1/);
    expect(clientRetentionError(1.5, null)).toMatch(/at least 1/);
    expect(clientRetentionError(91, 90)).toMatch(/maximum of 90 days/);
    expect(clientRetentionError(4000, null)).toMatch(/3650/);
  });

  it("allows null, one day and the maximum itself", () => {
    expect(clientRetentionError(null, 90)).toBeNull();
    expect(clientRetentionError(1, 90)).toBeNull();
    expect(clientRetentionError(90, 90)).toBeNull();
  });
});

describe("agencyRetentionErrors", () => {
  it("checks each number's range and that the default fits under the maximum", () => {
    expect(agencyRetentionErrors({ defaultDays: 30, maxDays: 365 })).toEqual({});
    expect(agencyRetentionErrors({ defaultDays: null, maxDays: null })).toEqual({});
    expect(agencyRetentionErrors({ defaultDays: 400, maxDays: 365 })).toEqual({ default_days: "The default may not be more than the maximum." });
    expect(agencyRetentionErrors({ defaultDays: 0, maxDays: 0 })).toEqual({
      default_days: "The default must be between 1 and 3650 days.",
      max_days: "The maximum must be between 1 and 3650 days.",
    });
  });
});
