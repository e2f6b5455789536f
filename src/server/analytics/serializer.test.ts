import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { analyticsResultSchema } from "@/server/analytics/serializer";

/** What `conversationsPerDay` was declared as before it became one loop: the rule the loop must keep. */
const asRecord = z.record(z.string(), z.number().int().nonnegative());
const perDay = analyticsResultSchema.shape.conversationsPerDay;

describe("conversationsPerDay's check", () => {
  it("accepts and refuses exactly what z.record(z.string(), count) does", () => {
    const value = fc.oneof(
      fc.nat(),
      fc.integer({ min: -5, max: -1 }),
      fc.double(),
      fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 1, Number.NaN, Infinity, -0),
      fc.string(),
      fc.constant(null),
      fc.boolean(),
    );
    const input = fc.oneof(fc.dictionary(fc.string(), value), fc.dictionary(fc.string(), fc.nat()), fc.array(fc.nat()), fc.constant(null), fc.nat(), fc.string());
    fc.assert(
      fc.property(input, (v) => {
        expect(perDay.safeParse(v).success).toBe(asRecord.safeParse(v).success);
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps the days as given, in order", () => {
    const days = { "2026-03-01": 0, "2026-03-02": 5 };
    expect(perDay.parse(days)).toEqual(days);
    expect(Object.keys(perDay.parse(days))).toEqual(["2026-03-01", "2026-03-02"]);
  });
});
