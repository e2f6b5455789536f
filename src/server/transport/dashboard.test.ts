import { describe, expect, it } from "vitest";
import { crossOriginReason } from "./dashboard";

const app = "https://app.example.test";
const h = (init: Record<string, string>) => new Headers(init);

describe("crossOriginReason", () => {
  it.each([
    [{}, null],
    [{ "sec-fetch-site": "same-origin", origin: app, host: "app.example.test" }, null],
    [{ "sec-fetch-site": "none" }, null],
    [{ origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" }, null],
    [{ origin: app }, null],
  ])("admits %j", (headers, expected) => {
    expect(crossOriginReason(h(headers), app, 0)).toBe(expected);
  });

  it.each([
    [{ "sec-fetch-site": "cross-site" }],
    [{ "sec-fetch-site": "same-site", origin: "https://evil.example.test" }],
    [{ origin: "https://evil.example.test", host: "app.example.test" }],
    [{ origin: "null", host: "app.example.test" }],
    [{ origin: "https://app.example.test.evil.test", host: "app.example.test" }],
  ])("refuses %j", (headers) => {
    expect(crossOriginReason(h(headers), app, 0)).toMatch(/Sec-Fetch-Site|Origin/);
  });

  it("believes X-Forwarded-Host only behind a trusted proxy", () => {
    const forged = h({ origin: "https://evil.example.test", host: "app.example.test", "x-forwarded-host": "evil.example.test" });
    expect(crossOriginReason(forged, app, 0)).toMatch(/Origin/);
    expect(crossOriginReason(forged, app, 1)).toBeNull();
  });
});
