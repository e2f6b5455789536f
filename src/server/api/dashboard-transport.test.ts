import { describe, expect, it } from "vitest";
import { crossOriginReason } from "./dashboard-transport";

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
    expect(crossOriginReason(h(headers), app)).toBe(expected);
  });

  it.each([
    [{ "sec-fetch-site": "cross-site" }],
    [{ "sec-fetch-site": "same-site", origin: "https://evil.example.test" }],
    [{ origin: "https://evil.example.test", host: "app.example.test" }],
    [{ origin: "null", host: "app.example.test" }],
    [{ origin: "https://app.example.test.evil.test", host: "app.example.test" }],
  ])("refuses %j", (headers) => {
    expect(crossOriginReason(h(headers), app)).toMatch(/Sec-Fetch-Site|Origin/);
  });
});
