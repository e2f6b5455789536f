import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isApiPath } from "@/server/kernel/security/headers";

// Next reads `config.matcher` statically, so it cannot call isApiPath: this test holds the literal to the rule.
const source = readFileSync(path.join(import.meta.dirname, "proxy.ts"), "utf8");
const literal = /matcher: \["(.+)"\]/.exec(source)?.[1];
const matcher = new RegExp(`^${literal}$`);

describe("the proxy's matcher", () => {
  it("leaves out exactly the API paths (and Next's static assets)", () => {
    expect(literal).toBeTruthy();
    const paths = ["/v1", "/v1/", "/v1/agency/clients", "/api/trpc/x", "/api/widget/1/chat", "/api", "/v10", "/v1x", "/", "/login", "/chatbots/1", "/widget/abc", "/apix"];
    for (const p of paths) expect(matcher.test(p), p).toBe(!isApiPath(p));
    expect(matcher.test("/_next/static/chunk.js")).toBe(false);
  });
});
