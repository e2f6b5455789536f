import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { bearerToken, generateToken, hashToken } from "./api-tokens";

describe("API tokens", () => {
  it("are prefixed, carry 32 random bytes, and are stored as SHA-256", () => {
    const { token, tokenHash, prefix } = generateToken();
    expect(token).toMatch(/^acp_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token.slice(4), "base64url")).toHaveLength(32);
    expect(tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(hashToken(token)).toBe(tokenHash);
    expect(token.startsWith(prefix)).toBe(true);
    expect(generateToken().token).not.toBe(token);
  });

  it.each([
    ["Bearer abc", "abc"],
    ["bearer abc ", "abc"],
    ["Basic abc", undefined],
    ["Bearer", undefined],
    ["Bearer a b", undefined],
    [null, undefined],
  ])("parses Authorization %j", (header, expected) => {
    expect(bearerToken(header)).toBe(expected);
  });
});
