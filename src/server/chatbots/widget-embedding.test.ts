import { describe, expect, it } from "vitest";
import { allowedDomain, frameAncestors, hostMatchesDomain, originAllowed, widgetServes } from "./widget-embedding";

const live = { enabled: true, deletedAt: null, workspace: { status: "active" as const, pauseMode: null } };
const APP = "https://app.example.net";

describe("widgetServes", () => {
  it("serves an enabled chatbot of an active workspace", () => {
    expect(widgetServes(live)).toBe(true);
  });
  it("stops for a disabled or deleted chatbot", () => {
    expect(widgetServes({ ...live, enabled: false })).toBe(false);
    expect(widgetServes({ ...live, deletedAt: new Date() })).toBe(false);
  });
  it("stops on a hard pause and a suspension, keeps serving on a soft pause", () => {
    expect(widgetServes({ ...live, workspace: { status: "paused", pauseMode: "hard" } })).toBe(false);
    expect(widgetServes({ ...live, workspace: { status: "suspended", pauseMode: null } })).toBe(false);
    expect(widgetServes({ ...live, workspace: { status: "paused", pauseMode: "soft" } })).toBe(true);
  });
  it("treats a pause without a mode as hard", () => {
    expect(widgetServes({ ...live, workspace: { status: "paused", pauseMode: null } })).toBe(false);
  });
});

describe("domain allow-list", () => {
  it("restricts nothing until the domain is set and verified", () => {
    expect(allowedDomain({ domain: "shop.com", domainVerified: false })).toBeNull();
    expect(allowedDomain({ domain: null, domainVerified: true })).toBeNull();
    expect(allowedDomain({ domain: " Shop.COM. ", domainVerified: true })).toBe("shop.com");
  });
  it("matches the domain, its subdomains and the bare form of a www domain", () => {
    expect(hostMatchesDomain("shop.com", "shop.com")).toBe(true);
    expect(hostMatchesDomain("www.shop.com", "shop.com")).toBe(true);
    expect(hostMatchesDomain("shop.com", "www.shop.com")).toBe(true);
    expect(hostMatchesDomain("evilshop.com", "shop.com")).toBe(false);
    expect(hostMatchesDomain("shop.com.evil.net", "shop.com")).toBe(false);
  });
  it("checks Origin only when a verified domain is set", () => {
    const open = { domain: "shop.com", domainVerified: false };
    const locked = { domain: "shop.com", domainVerified: true };
    expect(originAllowed("https://evil.net", open, APP)).toBe(true);
    expect(originAllowed("https://evil.net", locked, APP)).toBe(false);
    expect(originAllowed("https://www.shop.com", locked, APP)).toBe(true);
    expect(originAllowed("http://shop.com:8080", locked, APP)).toBe(true);
    expect(originAllowed(APP, locked, APP)).toBe(true);
    expect(originAllowed("null", locked, APP)).toBe(false);
    expect(originAllowed(null, locked, APP)).toBe(true);
  });
  it("builds frame-ancestors from the verified domain and the app's own origin", () => {
    expect(frameAncestors({ domain: "shop.com", domainVerified: false }, APP)).toBe("frame-ancestors *");
    expect(frameAncestors({ domain: "www.shop.com", domainVerified: true }, APP)).toBe(`frame-ancestors 'self' ${APP} shop.com *.shop.com`);
  });
});
