import { describe, expect, it } from "vitest";
import { sourceLimitBelowUsage, sourceLimitReached } from "@/shared/source-limit";

describe("source limit words", () => {
  it("say what is counted and never the field's key", () => {
    const message = sourceLimitReached(10, 163);
    expect(message).toMatch(/limit of 10 sources is reached: 163 are in use/);
    expect(message).toMatch(/every website page a crawl keeps/);
    expect(message).not.toMatch(/source_limit/);
  });
  it("warn only when the limit is below what is in use", () => {
    expect(sourceLimitBelowUsage(10, 10)).toBeNull();
    expect(sourceLimitBelowUsage(10, 163)).toMatch(/163 sources are in use.*153 are deleted/);
    expect(sourceLimitBelowUsage(2, 3)).toMatch(/until 1 is deleted/);
  });
});
