import { RateLimiterMemory, type RateLimiterRes } from "rate-limiter-flexible";
import { describe, expect, it } from "vitest";
import { LeasedBudget, leaseSizeFor, type SharedCounter } from "@/server/kernel/rate-limit/lease";

/** rate-limiter-flexible's in-memory limiter as the shared counter (same semantics as its PostgreSQL one), counting round trips. */
function sharedCounter(points: number, duration = 60) {
  const store = new RateLimiterMemory({ points, duration });
  const counter = { calls: 0, consume: (key: string, n: number): Promise<RateLimiterRes> => (counter.calls++, store.consume(key, n)) };
  return counter satisfies SharedCounter & { calls: number };
}

async function spendUntilRefused(budget: LeasedBudget, key: string): Promise<number> {
  let admitted = 0;
  while ((await budget.consume(key)).allowed) admitted++;
  return admitted;
}

describe("leaseSizeFor", () => {
  it("is 1 % of the budget, at least 1 and at most 1,000", () => {
    expect(leaseSizeFor(5)).toBe(1);
    expect(leaseSizeFor(600)).toBe(6);
    expect(leaseSizeFor(1_000_000)).toBe(1000);
  });
});

describe("LeasedBudget", () => {
  it("is exact for a small budget: remaining counts down by one, then refusals cost no round trip", async () => {
    const shared = sharedCounter(5);
    const budget = new LeasedBudget(shared, 5);
    const remaining: number[] = [];
    for (let i = 0; i < 5; i++) {
      const d = await budget.consume("token");
      expect(d.allowed).toBe(true);
      remaining.push(d.remaining);
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    const refused = await budget.consume("token");
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.msBeforeNext).toBeGreaterThan(0);
    expect(refused.msBeforeNext).toBeLessThanOrEqual(60_000);
    await budget.consume("token");
    expect(shared.calls).toBe(5); // five leases of one point; the refusals are local (the shared counter said the budget is spent)
    expect((await budget.consume("another")).allowed).toBe(true);
  });

  it("spends a large budget with one round trip per lease and reports the budget left", async () => {
    const shared = sharedCounter(1000);
    const budget = new LeasedBudget(shared, 1000);
    const first = await budget.consume("token");
    expect(first).toMatchObject({ allowed: true, remaining: 999 });
    expect(await spendUntilRefused(budget, "token")).toBe(999);
    expect(shared.calls).toBe(100); // 100 leases of 10 points; the refusal is local
  });

  it("never admits more than the budget across processes, and strands at most a lease per other process", async () => {
    const shared = sharedCounter(1000);
    const processes = [new LeasedBudget(shared, 1000, 7), new LeasedBudget(shared, 1000, 7), new LeasedBudget(shared, 1000, 7)];
    let admitted = 0;
    const live = new Set(processes);
    while (live.size > 0) {
      for (const p of [...live]) {
        if ((await p.consume("token")).allowed) admitted++;
        else live.delete(p);
      }
    }
    expect(admitted).toBeLessThanOrEqual(1000);
    expect(admitted).toBeGreaterThanOrEqual(1000 - 2 * 6);
  });

  it("lets concurrent requests of one subject wait for a single lease", async () => {
    const shared = sharedCounter(1000);
    const budget = new LeasedBudget(shared, 1000);
    const decisions = await Promise.all(Array.from({ length: 10 }, () => budget.consume("token")));
    expect(decisions.every((d) => d.allowed)).toBe(true);
    expect(new Set(decisions.map((d) => d.remaining)).size).toBe(10);
    expect(shared.calls).toBe(1);
  });

  it("gives the last partial lease when the budget ends inside it", async () => {
    const shared = sharedCounter(25);
    const budget = new LeasedBudget(shared, 25, 10);
    expect(await spendUntilRefused(budget, "token")).toBe(25);
  });

  it("starts afresh when the window ends", async () => {
    const shared = sharedCounter(2, 1);
    const budget = new LeasedBudget(shared, 2);
    expect(await spendUntilRefused(budget, "token")).toBe(2);
    const deadline = Date.now() + 5000;
    let allowed = false;
    while (!allowed && Date.now() < deadline) {
      allowed = (await budget.consume("token")).allowed;
      if (!allowed) await new Promise((r) => setTimeout(r, 50));
    }
    expect(allowed).toBe(true);
  });

  it("passes on a failure of the shared counter to every waiting request", async () => {
    const failing: SharedCounter = { consume: () => Promise.reject(new Error("counter down")) };
    const budget = new LeasedBudget(failing, 100);
    const results = await Promise.allSettled([budget.consume("token"), budget.consume("token")]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  });
});
