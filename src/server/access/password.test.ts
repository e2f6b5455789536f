import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword, verifySignIn } from "./password";

// scrypt at N=2^17 takes ~0.5 s a hash, run one or two at a time (the KDF gate): generous time limits.
describe("password hashing (scrypt)", { timeout: 90_000 }, () => {
  it("verifies the right password and rejects a wrong one", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", hash)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("rejects malformed stored values", async () => {
    expect(await verifyPassword("x", "plain-text")).toBe(false);
    expect(await verifyPassword("x", "bcrypt$1$2$3$4$5")).toBe(false);
  });

  it("checks a sign-in against a dummy hash when there is no account (same work, always false)", async () => {
    const hash = await hashPassword("right");
    expect(await verifySignIn("right", hash)).toBe(true);
    expect(await verifySignIn("wrong", hash)).toBe(false);
    expect(await verifySignIn("right", null)).toBe(false);
    expect(await verifySignIn("", undefined)).toBe(false);
  });
});
