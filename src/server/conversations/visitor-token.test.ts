import { describe, expect, it } from "vitest";
import { signVisitorToken, verifyVisitorToken } from "./visitor-token";

const SECRET = "s".repeat(32);
const BOT = "7f1c2c1e-6f47-4b7e-9a53-2f0c6c1d9a10";
const OTHER_BOT = "0b7d1d4e-2a0f-4f1e-8d3c-5e9a7b6c4d21";
const KEY = "vK3xQ9tYp2LmN8rS";

describe("visitor token", () => {
  it("round-trips for the chatbot it was signed for", () => {
    const token = signVisitorToken(SECRET, BOT, KEY);
    expect(token.startsWith(`${KEY}.`)).toBe(true);
    expect(verifyVisitorToken(SECRET, BOT, token)).toBe(KEY);
  });
  it("is refused for another chatbot, another secret, or a changed key", () => {
    const token = signVisitorToken(SECRET, BOT, KEY);
    expect(verifyVisitorToken(SECRET, OTHER_BOT, token)).toBeNull();
    expect(verifyVisitorToken("t".repeat(32), BOT, token)).toBeNull();
    expect(verifyVisitorToken(SECRET, BOT, token.replace(KEY, "vK3xQ9tYp2LmN8rT"))).toBeNull();
  });
  it("is refused when malformed", () => {
    for (const bad of ["", "nodot", ".sig", `${KEY}.`, `${KEY}.x`, "short.abc", `${KEY}!.abc`]) {
      expect(verifyVisitorToken(SECRET, BOT, bad)).toBeNull();
    }
  });
  it("refuses to sign a malformed key", () => {
    expect(() => signVisitorToken(SECRET, BOT, "a.b")).toThrow();
  });
});
