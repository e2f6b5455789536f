import { afterAll, describe, expect, it } from "vitest";
import { IntrinsicDate, isLanguageDate } from "./intrinsic-date";

const original = globalThis.Date;

describe("IntrinsicDate", () => {
  afterAll(() => {
    globalThis.Date = original;
    Object.defineProperty(original.prototype, "constructor", { value: original, writable: true, configurable: true });
  });

  it("stays the language's own Date after Next's server extension replaces the global one, and makes the same dates", async () => {
    await import("next/dist/server/node-environment-extensions/date.js");
    const extended = globalThis.Date;
    expect(extended).not.toBe(original);
    expect(IntrinsicDate).toBe(original);
    // What scripts/serve.ts checks before it serves: captured too late, IntrinsicDate would be the extension.
    expect(isLanguageDate(IntrinsicDate)).toBe(true);
    expect(isLanguageDate(extended)).toBe(false);

    // Indistinguishable from a date made through the extension, but for the constructor that made it.
    const ours = new IntrinsicDate(Date.UTC(2026, 10, 26, 13, 22, 48, 123));
    const theirs = new extended(Date.UTC(2026, 10, 26, 13, 22, 48, 123));
    expect(ours).toBeInstanceOf(extended);
    expect(Object.getPrototypeOf(ours)).toBe(Object.getPrototypeOf(theirs));
    expect(ours.constructor).toBe(theirs.constructor);
    expect(ours.toISOString()).toBe(theirs.toISOString());
    expect(ours.getTime()).toBe(theirs.getTime());
  });
});
