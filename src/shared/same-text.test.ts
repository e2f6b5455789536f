import { describe, expect, it } from "vitest";
import { sameTextKey, sameUrlKey } from "@/shared/same-text";

describe("sameTextKey", () => {
  it("ignores case, spacing and trailing punctuation", () => {
    expect(sameTextKey("  When do you OPEN on  Saturday? ")).toBe(sameTextKey("when do you open on saturday"));
    expect(sameTextKey("Bloom Florists")).toBe(sameTextKey("bloom  florists."));
  });
  it("keeps different words different", () => {
    expect(sameTextKey("When do you open?")).not.toBe(sameTextKey("When do you close?"));
  });
});

describe("sameUrlKey", () => {
  it("treats scheme, www, trailing slash, fragment and query order as the same site", () => {
    const key = sameUrlKey("https://sunny.example/delivery");
    expect(sameUrlKey("http://www.SUNNY.example/delivery/#top")).toBe(key);
    expect(sameUrlKey("https://a.example/?b=2&a=1")).toBe(sameUrlKey("https://a.example?a=1&b=2"));
  });
  it("keeps other paths and ports apart", () => {
    expect(sameUrlKey("https://sunny.example/delivery")).not.toBe(sameUrlKey("https://sunny.example/menu"));
    expect(sameUrlKey("http://127.0.0.1:4000/")).not.toBe(sameUrlKey("http://127.0.0.1:4001/"));
  });
});
