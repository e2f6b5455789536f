import { describe, expect, it } from "vitest";
import { z } from "zod";
import { zodFieldErrors } from "@/shared/zod-errors";
import { queryInteger } from "@/server/kernel/lib/query-params";

const schema = z.object({ page: queryInteger({ min: 1 }).default(1), per_page: queryInteger({ min: 1, max: 100 }).default(25) });

describe("queryInteger", () => {
  it.each([
    ["1", 1],
    ["16", 16],
    ["0100", 100],
  ])("reads %j as %i", (raw, value) => {
    expect(schema.parse({ page: raw }).page).toBe(value);
  });

  it("keeps defaults and accepts JSON numbers", () => {
    expect(schema.parse({})).toEqual({ page: 1, per_page: 25 });
    expect(schema.parse({ page: 3, per_page: 7 })).toEqual({ page: 3, per_page: 7 });
  });

  it.each(["0x10", "1e2", " 5", "5 ", "+5", "-1", "1.5", "", "Infinity", "NaN", "1_000", "١٢"])("refuses %j with a message naming the field", (raw) => {
    const result = schema.safeParse({ page: raw });
    expect(result.success).toBe(false);
    expect(zodFieldErrors(result.error!).page?.[0]).toMatch(/^The page field must be/);
  });

  it("applies the bounds after parsing", () => {
    expect(schema.safeParse({ page: "0" }).success).toBe(false);
    expect(schema.safeParse({ per_page: "101" }).success).toBe(false);
    expect(zodFieldErrors(schema.safeParse({ per_page: "101" }).error!).per_page).toEqual(["The per page field must not be greater than 100."]);
  });
});
