import fc from "fast-check";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { parseTimestamptz, poolTypes } from "@/server/kernel/db/pg-types";

/** pg's own parser: what `parseTimestamptz` must equal. */
const pgParser = pg.types.getTypeParser(1184, "text") as (text: string) => Date | number;
const pad = (n: number, width: number) => String(n).padStart(width, "0");
const asTime = (v: Date | number) => (v instanceof Date ? v.getTime() : v);

/** Timestamps as PostgreSQL writes them: UTC sessions (the quick path) and every other form it may send. */
const timestamp = fc
  .record({
    year: fc.oneof(fc.integer({ min: 1000, max: 9999 }), fc.integer({ min: 1, max: 999 }), fc.integer({ min: 10000, max: 200000 })),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
    second: fc.integer({ min: 0, max: 59 }),
    fraction: fc.option(fc.stringMatching(/^\d{1,6}$/), { nil: undefined }),
    zone: fc.oneof(fc.constant("+00"), fc.constant("+00"), fc.constantFrom("-05", "+05:30", "+00:53:28", "-03:30", "+14")),
    bc: fc.boolean().map((b) => (b ? " BC" : "")),
  })
  .map(({ year, month, day, hour, minute, second, fraction, zone, bc }) =>
    `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)} ${pad(hour, 2)}:${pad(minute, 2)}:${pad(second, 2)}${fraction === undefined ? "" : `.${fraction}`}${zone}${bc}`,
  );

describe("parseTimestamptz", () => {
  it("reads the same instant as pg's parser", () => {
    fc.assert(
      fc.property(fc.oneof(timestamp, fc.constantFrom("infinity", "-infinity")), (text) => {
        expect(asTime(parseTimestamptz(text))).toBe(asTime(pgParser(text)));
      }),
      { numRuns: 5000 },
    );
  });

  it("keeps the milliseconds of a microsecond timestamp", () => {
    expect((parseTimestamptz("2026-11-26 13:22:48.123456+00") as Date).toISOString()).toBe("2026-11-26T13:22:48.123Z");
    expect((parseTimestamptz("2026-11-26 13:22:48.1+00") as Date).toISOString()).toBe("2026-11-26T13:22:48.100Z");
    expect((parseTimestamptz("2026-11-26 13:22:48+00") as Date).toISOString()).toBe("2026-11-26T13:22:48.000Z");
  });

  it("is the pool's parser for timestamptz only", () => {
    expect(poolTypes.getTypeParser(1184, "text")).toBe(parseTimestamptz);
    expect(poolTypes.getTypeParser(1114, "text")).toBe(pg.types.getTypeParser(1114, "text"));
    expect(poolTypes.getTypeParser(23, "text")).toBe(pg.types.getTypeParser(23, "text"));
  });
});
