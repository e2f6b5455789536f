/** How long a workspace's credits last at the pace of the recent window. */
export const RUNWAY_WINDOW_DAYS = 7;

/** Days until the credits run out at the pace of the last 7 days; null when nothing was used. */
export function runwayDays(remaining: number, usedInWindow: number, windowDays = RUNWAY_WINDOW_DAYS): number | null {
  if (usedInWindow <= 0) return null;
  return Math.round((remaining / (usedInWindow / windowDays)) * 10) / 10;
}
