import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { backoffSeconds, isRetryable, nextRetry, parseRetryAfter, type RetryPolicy } from "@/server/kernel/net/retry";

const now = Date.parse("2026-11-21T10:00:00Z");

describe("Retry-After", () => {
  it("reads delta-seconds and HTTP dates", () => {
    expect(parseRetryAfter("30", now)).toBe(30);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("Sat, 21 Nov 2026 10:01:00 GMT", now)).toBe(60);
    expect(parseRetryAfter("Saturday, 21-Nov-26 10:00:30 GMT", now)).toBe(30);
    expect(parseRetryAfter(["120", "5"], now)).toBe(120);
  });

  it("gives a date in the past as 0, never a negative wait", () => {
    expect(parseRetryAfter("Fri, 20 Nov 2026 10:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("Sun, 06 Nov 1994 08:49:37 GMT", now)).toBe(0);
  });

  it("reads a provider's number (Telegram's retry_after), rounded up", () => {
    expect(parseRetryAfter(3, now)).toBe(3);
    expect(parseRetryAfter(1.2, now)).toBe(2);
    expect(parseRetryAfter(-1, now)).toBeNull();
    expect(parseRetryAfter(Number.NaN, now)).toBeNull();
  });

  it("is null when absent or unreadable", () => {
    for (const value of [null, undefined, "", "soon", "-5", "1.5", "1e3", "0x10", "21 Nov 2026 10:01:00 GMT", "Sat", [] as string[]]) {
      expect(parseRetryAfter(value, now)).toBeNull();
    }
  });

  it("property: any non-negative integer as text is itself", () => {
    fc.assert(fc.property(fc.nat(), (n) => parseRetryAfter(String(n), now) === n));
  });

  it("property: any date in HTTP form is the whole seconds until it, 0 when past", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.parse("1971-01-01"), max: Date.parse("2200-01-01") }), (at) => {
        const whole = Math.floor(at / 1000) * 1000;
        return parseRetryAfter(new Date(at).toUTCString(), now) === Math.max(0, Math.ceil((whole - now) / 1000));
      }),
    );
  });

  it("property: any text at all is null or a wait of zero or more seconds", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const seconds = parseRetryAfter(text, now);
        return seconds === null || seconds >= 0;
      }),
    );
  });
});

describe("should retry", () => {
  it("retries no answer, 408, 429 and 5xx; any other status is final", () => {
    for (const status of [null, 408, 429, 500, 502, 503, 504]) expect(isRetryable(status)).toBe(true);
    for (const status of [200, 301, 304, 400, 401, 403, 404, 409, 410, 422]) expect(isRetryable(status)).toBe(false);
  });
});

const policy: RetryPolicy = { maxAttempts: 5, baseDelaySeconds: 2, maxDelaySeconds: 3600, freeWaits: 2 };
const low = () => 0;
const high = () => 0.999999;

describe("the retry policy", () => {
  it("backs off exponentially, between half and all of base × 2^(attempt − 1), capped", () => {
    expect([1, 2, 3, 4].map((a) => backoffSeconds(policy, a, high))).toEqual([2, 4, 8, 16].map((s) => expect.closeTo(s, 3)));
    expect([1, 2, 3, 4].map((a) => backoffSeconds(policy, a, low))).toEqual([1, 2, 4, 8]);
    expect(backoffSeconds(policy, 30, low)).toBe(1800);
  });

  it("waits a Retry-After without counting an attempt while free waits are left, then counts them", () => {
    const limited = { status: 429, retryAfterSeconds: 7 };
    expect(nextRetry(policy, { attempt: 1, waits: 0 }, limited)).toEqual({ inSeconds: 7, next: { attempt: 1, waits: 1 } });
    expect(nextRetry(policy, { attempt: 1, waits: 2 }, limited)).toEqual({ inSeconds: 7, next: { attempt: 2, waits: 2 } });
    expect(nextRetry(policy, { attempt: 5, waits: 2 }, limited)).toBeNull();
  });

  it("caps a huge Retry-After at the policy's longest wait", () => {
    expect(nextRetry(policy, { attempt: 1, waits: 0 }, { status: 429, retryAfterSeconds: 10 ** 12 })?.inSeconds).toBe(3600);
    expect(nextRetry(policy, { attempt: 1, waits: 0 }, { status: 503, retryAfterSeconds: parseRetryAfter("9".repeat(400)) })?.inSeconds).toBe(3600);
  });

  it("never retries at once: a 429 with no Retry-After, 0 or a past date waits the backoff and counts an attempt", () => {
    for (const retryAfterSeconds of [null, 0, parseRetryAfter("Fri, 20 Nov 2026 10:00:00 GMT", now)]) {
      const retry = nextRetry(policy, { attempt: 1, waits: 0 }, { status: 429, retryAfterSeconds }, low);
      expect(retry).toEqual({ inSeconds: 1, next: { attempt: 2, waits: 0 } });
    }
  });

  it("retries network errors and 5xx with the backoff up to the attempts; other 4xx never", () => {
    expect(nextRetry(policy, { attempt: 2, waits: 0 }, { status: null, retryAfterSeconds: null }, high)?.inSeconds).toBeCloseTo(4, 3);
    expect(nextRetry(policy, { attempt: 4, waits: 0 }, { status: 502, retryAfterSeconds: null })?.next).toEqual({ attempt: 5, waits: 0 });
    expect(nextRetry(policy, { attempt: 5, waits: 0 }, { status: 502, retryAfterSeconds: null })).toBeNull();
    expect(nextRetry(policy, { attempt: 1, waits: 0 }, { status: 403, retryAfterSeconds: 5 })).toBeNull();
  });

  it("property: every wait is positive and within the cap, and a call ends within maxAttempts + freeWaits retries", () => {
    const failure = fc.record({ status: fc.constantFrom(null, 408, 429, 500, 503), retryAfterSeconds: fc.option(fc.integer({ min: 0, max: 10 ** 9 })) });
    fc.assert(
      fc.property(fc.array(failure, { minLength: 1, maxLength: 40 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (failures, r) => {
        let tries = { attempt: 1, waits: 0 };
        let retries = 0;
        for (const f of failures) {
          const retry = nextRetry(policy, tries, f, () => r);
          if (!retry) return true;
          if (!(retry.inSeconds > 0 && retry.inSeconds <= policy.maxDelaySeconds)) return false;
          tries = retry.next;
          if (++retries > policy.maxAttempts + policy.freeWaits) return false;
        }
        return true;
      }),
    );
  });
});
