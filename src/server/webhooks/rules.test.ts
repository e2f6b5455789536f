import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { deliveryState, subscribes } from "./events";
import { DEFAULT_RETRY_SCHEDULE_SECONDS, parseRetrySchedule } from "@/server/kernel/env";
import { nextAttemptDelay } from "./retry";
import { generateWebhookSecret, webhookHeaders } from "./signature";
import { isForbiddenAddress } from "@/server/kernel/net/ssrf";

describe("signatures", () => {
  it("verify with the public standardwebhooks library", () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({ id: "d1", event: "lead.captured", data: { a: "é" } });
    const headers = webhookHeaders(secret, "d1", body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body + " ", headers)).toThrow();
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow();
  });
});

describe("retry schedule", () => {
  it("is 8 attempts: 0 s, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h", () => {
    const s = DEFAULT_RETRY_SCHEDULE_SECONDS;
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map((n) => nextAttemptDelay(s, n))).toEqual([0, 5, 300, 1800, 7200, 18000, 36000, 36000, null]);
  });
  it("honours a longer Retry-After, capped at a day, never a shorter one", () => {
    expect(nextAttemptDelay(DEFAULT_RETRY_SCHEDULE_SECONDS, 1, 120)).toBe(120);
    expect(nextAttemptDelay(DEFAULT_RETRY_SCHEDULE_SECONDS, 2, 10)).toBe(300);
    expect(nextAttemptDelay(DEFAULT_RETRY_SCHEDULE_SECONDS, 1, 10 ** 9)).toBe(86400);
    expect(nextAttemptDelay(DEFAULT_RETRY_SCHEDULE_SECONDS, 8, 120)).toBeNull();
  });
  it("parses WEBHOOK_RETRY_SCHEDULE", () => {
    expect(parseRetrySchedule("0, 0.2,1")).toEqual([0, 0.2, 1]);
    for (const bad of ["", "1,,2", "a", "-1"]) expect(() => parseRetrySchedule(bad)).toThrow(/comma-separated/);
  });
});

describe("delivery state (derived from delivered_at and last_error)", () => {
  const at = new Date();
  it.each([
    [{ deliveredAt: at, lastError: "HTTP 500" }, "delivered"],
    [{ deliveredAt: null, lastError: "HTTP 500" }, "retrying"],
    [{ deliveredAt: null, lastError: "HTTP 500 (retries exhausted)" }, "failed"],
    [{ deliveredAt: null, lastError: "Webhook deactivated (not sent)" }, "failed"],
    [{ deliveredAt: null, lastError: null }, "pending"],
  ])("%j → %s", (d, state) => {
    expect(deliveryState(d)).toBe(state);
  });
  it("subscriptions: null means all", () => {
    expect(subscribes(null, "client.credits_exhausted")).toBe(true);
    expect(subscribes(["lead.captured"], "lead.captured")).toBe(true);
    expect(subscribes(["lead.captured"], "escalation.created")).toBe(false);
    expect(subscribes([], "lead.captured")).toBe(false);
  });
});

describe("SSRF guard", () => {
  it.each([
    "127.0.0.1", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0",
    "224.0.0.1", "::1", "::", "fe80::1", "fd00::1", "fc00::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "ff02::1", "not-an-ip",
  ])("refuses %s", (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });
  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("allows %s", (ip) => {
    expect(isForbiddenAddress(ip)).toBe(false);
  });
});
