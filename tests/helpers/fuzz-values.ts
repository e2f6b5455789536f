import fc from "fast-check";
import { expect } from "vitest";

/** Strings that have broken parsers before: NUL, broken percent-encoding, number look-alikes, very long text. */
export const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.constantFrom("\u0000", "a\u0000b", "%00", "%", "%zz", "%E0%A4%A", "..%2F..", "0x10", "1e2", " 5", "-1", "NaN", "null", "[]", "{}", "💥".repeat(50)),
  fc.integer({ min: 1000, max: 200_000 }).map((n) => "x".repeat(n)),
);

export const jsonValue = fc.oneof(hostileString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 4 }));

/** Never a 5xx; an error is JSON with a string `message`, as every surface gives it. */
export function expectNoServerErrorAndJsonErrors(res: { status: number; contentType: string; text: string }, what: string) {
  expect(res.status, what).toBeLessThan(500);
  if (res.status < 400) return;
  expect(res.contentType, what).toMatch(/^application\/json/);
  const body = JSON.parse(res.text) as { message?: unknown };
  expect(typeof body.message, what).toBe("string");
}
