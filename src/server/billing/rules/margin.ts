/**
 * The agency's margin (docs/decisions/110-billing-follows-stripe-exactly-once.md), in integers of the
 * minor unit: MRR normalises each served plan to a month, the cost of a client is its answered messages at
 * the agency's cost per 1,000 (rounded to the nearest minor unit), the margin is revenue less cost.
 */
export function monthlyAmount(amount: number, interval: string): number {
  return interval === "year" ? Math.round(amount / 12) : amount;
}

export function messageCost(messages: number, costPer1000: number): number {
  return Math.round((messages * costPer1000) / 1000);
}

export function margin(revenue: number, cost: number): number {
  return revenue - cost;
}

/** Margin as a share of revenue (null without revenue), one decimal of a percent. */
export function marginPercent(revenue: number, cost: number): number | null {
  if (revenue <= 0) return null;
  return Math.round((margin(revenue, cost) / revenue) * 1000) / 10;
}
