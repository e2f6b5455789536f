/**
 * Low-credit alert (docs/decisions/034-client-lifecycle.md): a per-client threshold of remaining message
 * credits. One e-mail per episode: it starts when the remaining credits fall
 * to the threshold or below, and ends when they rise above it again (a
 * top-up, a raised limit, a new period), after which a new fall alerts again.
 */
export type LowCreditStep = "alert" | "clear" | "none";

export function lowCreditStep(remaining: number, threshold: number | null, alerted: boolean, archived = false): LowCreditStep {
  if (threshold === null || archived) return alerted ? "clear" : "none";
  const low = remaining <= threshold;
  if (low && !alerted) return "alert";
  if (!low && alerted) return "clear";
  return "none";
}

/** For the clients table's badge. */
export function isLowOnCredits(remaining: number, threshold: number | null): boolean {
  return threshold !== null && remaining <= threshold;
}
