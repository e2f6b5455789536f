import { describe, expect, it } from "vitest";
import { hashResetToken, newResetToken } from "./reset-token";

describe("password reset tokens", () => {
  it("are random and stored only as a hash", () => {
    const a = newResetToken();
    const b = newResetToken();
    expect(a.token).not.toBe(b.token);
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.hash).toBe(hashResetToken(a.token));
    expect(a.hash).not.toContain(a.token);
  });
});
