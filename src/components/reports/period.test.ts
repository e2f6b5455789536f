import { describe, expect, it } from "vitest";
import { lastMonth, openingMonth } from "./period";

describe("the month a client's report opens on", () => {
  const now = new Date("2026-12-06T08:00:00Z");

  it("is the last whole month for a client older than it", () => {
    expect(lastMonth(now)).toBe("2026-11");
    expect(openingMonth("2026-03-14T09:00:00.000000Z", now)).toBe("2026-11");
    expect(openingMonth("2026-11-30T23:59:59.999999Z", now)).toBe("2026-11");
  });

  it("is the month so far for a client created since, never a month before the client existed", () => {
    expect(openingMonth("2026-12-01T00:00:00.000000Z", now)).toBe("2026-12");
    expect(openingMonth("2026-12-06T07:59:00.000000Z", now)).toBe("2026-12");
  });

  it("crosses a year", () => {
    expect(openingMonth("2026-01-02T00:00:00.000000Z", new Date("2027-01-10T00:00:00Z"))).toBe("2026-12");
    expect(openingMonth("2027-01-02T00:00:00.000000Z", new Date("2027-01-10T00:00:00Z"))).toBe("2027-01");
  });
});
