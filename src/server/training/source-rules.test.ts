import { describe, expect, it } from "vitest";
import { anySourceInProgress, isSourceInProgress, SOURCE_STATUSES } from "./source-rules";

describe("source statuses", () => {
  it("is in progress until trained or failed", () => {
    expect(SOURCE_STATUSES.filter(isSourceInProgress)).toEqual(["pending", "crawling", "training"]);
    expect(isSourceInProgress("trained")).toBe(false);
    expect(isSourceInProgress("failed")).toBe(false);
    expect(isSourceInProgress("something-else")).toBe(false);
  });

  it("tells whether any source of a list is in progress", () => {
    expect(anySourceInProgress([])).toBe(false);
    expect(anySourceInProgress([{ status: "trained" }, { status: "failed" }])).toBe(false);
    expect(anySourceInProgress([{ status: "trained" }, { status: "crawling" }])).toBe(true);
  });
});
