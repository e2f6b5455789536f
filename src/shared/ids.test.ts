import { describe, expect, it } from "vitest";
import { isUuid } from "./ids";

describe("isUuid", () => {
  it("accepts uuids of any version and case", () => {
    expect(isUuid("3f0c1a2b-4d5e-4f60-8a7b-9c0d1e2f3a4b")).toBe(true);
    expect(isUuid("3F0C1A2B-4D5E-7F60-8A7B-9C0D1E2F3A4B")).toBe(true);
    expect(isUuid("00000000-0000-0000-0000-000000000000")).toBe(true);
  });

  it.each(["", "abc", "3f0c1a2b4d5e4f608a7b9c0d1e2f3a4b", "3f0c1a2b-4d5e-4f60-8a7b-9c0d1e2f3a4b0", "{3f0c1a2b-4d5e-4f60-8a7b-9c0d1e2f3a4b}", "' OR 1=1 --", 42, null])(
    "rejects %j",
    (value) => {
      expect(isUuid(value)).toBe(false);
    },
  );
});
