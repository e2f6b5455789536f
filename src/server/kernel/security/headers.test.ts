import { describe, expect, it } from "vitest";
import { isApiPath, isFrameable, pageCsp, securityHeaders } from "./headers";

describe("security headers", () => {
  it("forbid framing the dashboard and the API, with a nonce CSP on pages", () => {
    const page = securityHeaders({ pathname: "/clients", nonce: "abc", https: false, dev: false });
    expect(page["X-Frame-Options"]).toBe("DENY");
    expect(page["Content-Security-Policy"]).toContain("frame-ancestors 'none'");
    expect(page["Content-Security-Policy"]).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(page["Content-Security-Policy"]).not.toContain("unsafe-eval");
    expect(page["X-Content-Type-Options"]).toBe("nosniff");
    expect(page["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(page["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeaders({ pathname: "/v1/me", nonce: null, https: false, dev: false })["Content-Security-Policy"]).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it("add HSTS and upgrade-insecure-requests only over https", () => {
    const h = securityHeaders({ pathname: "/", nonce: "n", https: true, dev: false });
    expect(h["Strict-Transport-Security"]).toMatch(/^max-age=\d+/);
    expect(h["Content-Security-Policy"]).toContain("upgrade-insecure-requests");
    expect(pageCsp({ nonce: "n", https: false, dev: true })).toContain("'unsafe-eval'");
  });

  it.each([
    ["/widget/abc", true],
    ["/widget", true],
    ["/chat/abc", true],
    ["/widget.js", true],
    ["/api/widget/abc/messages", true],
    ["/widgets", false],
    ["/widget.json", false],
    ["/chatbots", false],
    ["/api/trpc/x", false],
  ])("%s frameable: %s (left to the widget's own policy)", (path, frameable) => {
    expect(isFrameable(path)).toBe(frameable);
    const h = securityHeaders({ pathname: path, nonce: "n", https: false, dev: false });
    expect(h["X-Frame-Options"] === undefined).toBe(frameable);
    expect(h["X-Content-Type-Options"]).toBe("nosniff");
  });

  it("name the JSON surfaces whose headers the web server sets (the proxy skips them)", () => {
    for (const path of ["/v1", "/v1/", "/v1/me", "/v1/abc/chat", "/api/trpc/me.get", "/api/widget/x/chat", "/api/health"]) expect(isApiPath(path), path).toBe(true);
    for (const path of ["/", "/v1x", "/v10/me", "/apis", "/api", "/login", "/widget/x", "/chat/x", "/widget.js"]) expect(isApiPath(path), path).toBe(false);
  });
});
