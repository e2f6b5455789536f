import { RateLimiterRes } from "rate-limiter-flexible";

/**
 * A shared budget spent in leases (docs/decisions/028-rate-limits.md): instead of one PostgreSQL round
 * trip per request, a process takes `leaseSize` points of a subject's budget
 * from the shared counter at once and admits requests from them locally until
 * they run out or the window ends. Every admitted request was counted in the
 * shared counter first, so the limit is never exceeded across processes; the
 * only inexactness is the other way: points a process leased but did not use
 * are lost to the others for the rest of the window — at most `leaseSize − 1`
 * per subject, process and window (leaseSizeFor keeps that ≤ 1 % of the
 * budget). Once the shared counter says the budget is spent, the process
 * refuses locally until the window ends, again without a round trip.
 */
export interface SharedCounter {
  /** rate-limiter-flexible's `consume`: adds `points`, resolves within budget, rejects with a RateLimiterRes past it. */
  consume(key: string, points: number): Promise<RateLimiterRes>;
}

export interface LeasedDecision {
  allowed: boolean;
  /** Budget left in this window: unleased shared points plus this process's unused lease. */
  remaining: number;
  msBeforeNext: number;
}

interface Lease {
  left: number;
  /** The shared counter after this process's last lease (it includes every process's leases). */
  sharedConsumed: number;
  expiresAt: number;
}

/** 1 % of the budget, between 1 and 1,000 points: small limits (tests, sign-in) stay exact to the request. */
export function leaseSizeFor(points: number): number {
  return Math.min(1000, Math.max(1, Math.floor(points / 100)));
}

const PRUNE_ABOVE = 10_000;

export class LeasedBudget {
  private readonly leases = new Map<string, Lease>();
  private readonly pending = new Map<string, Promise<void>>();

  constructor(
    private readonly shared: SharedCounter,
    private readonly points: number,
    private readonly leaseSize = leaseSizeFor(points),
    private readonly now: () => number = Date.now,
  ) {}

  /** Spends one point of the subject's budget. */
  async consume(key: string): Promise<LeasedDecision> {
    for (;;) {
      const lease = this.leases.get(key);
      const now = this.now();
      if (lease && lease.expiresAt > now) {
        const msBeforeNext = lease.expiresAt - now;
        if (lease.left > 0) {
          lease.left -= 1;
          return { allowed: true, remaining: Math.max(0, this.points - lease.sharedConsumed) + lease.left, msBeforeNext };
        }
        if (lease.sharedConsumed >= this.points) return { allowed: false, remaining: 0, msBeforeNext };
      }
      // One lease request per subject at a time: concurrent requests wait for it rather than each leasing their own.
      let inFlight = this.pending.get(key);
      if (!inFlight) {
        inFlight = this.lease(key).finally(() => this.pending.delete(key));
        this.pending.set(key, inFlight);
      }
      await inFlight;
    }
  }

  private async lease(key: string): Promise<void> {
    let res: RateLimiterRes;
    let granted = this.leaseSize;
    try {
      res = await this.shared.consume(key, this.leaseSize);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      res = rejection;
      // The counter went past the budget with this lease: what was left before it is ours.
      granted = Math.max(0, Math.min(this.leaseSize, this.points - (res.consumedPoints - this.leaseSize)));
    }
    if (this.leases.size > PRUNE_ABOVE) this.prune();
    this.leases.set(key, { left: granted, sharedConsumed: res.consumedPoints, expiresAt: this.now() + Math.max(1, res.msBeforeNext) });
  }

  private prune() {
    const now = this.now();
    for (const [key, lease] of this.leases) if (lease.expiresAt <= now) this.leases.delete(key);
  }
}
