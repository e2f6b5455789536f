import { describe, expect, it } from "vitest";
import { hashPassword, kdfParams, verifyPassword, verifySignIn } from "./password";

// scrypt at N=2^17 takes ~0.5 s a hash, run one or two at a time (the KDF gate): generous time limits.
describe("password hashing (scrypt)", { timeout: 90_000 }, () => {
  it("hashes at OWASP's minimum wherever the product runs, and cheaply only in the test runner's processes", () => {
    for (const nodeEnv of ["production", "development", ""]) expect(kdfParams(nodeEnv)).toEqual({ N: 131072, r: 8, p: 1, keyLength: 64 });
    expect(kdfParams("test").N).toBe(1024);
  });

  it("verifies the right password and rejects a wrong one, at the cost its hash records", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", hash)).toBe(false);
  });

  it("verifies a hash made at full cost (a production server's) in any process", async () => {
    const production = "scrypt$131072$8$1$cjOpJER0kJg3XyGuJiL5cA$4-4Dammj6xVHABzXmx75IUPaqKT8dNkzAY2hA4HEgmxvQG5Jh7y2XY-D5EcWT5nM5ODwqzulmvnz1zpNoc5KPQ";
    expect(await verifyPassword("correct horse battery staple", production)).toBe(true);
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
