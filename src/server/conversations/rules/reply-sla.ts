/**
 * How long a visitor has waited for a person's answer, against the chatbot's reply SLA
 * (docs/decisions/121-the-inbox-for-a-support-team.md): on time, due within a fifth of it, or overdue.
 */
export type SlaState = "on_time" | "due_soon" | "overdue";

export function slaState(awaitingSince: Date, slaMinutes: number, now: Date): { waitedMinutes: number; state: SlaState } {
  const waitedMs = Math.max(0, now.getTime() - awaitingSince.getTime());
  const slaMs = slaMinutes * 60_000;
  const state: SlaState = waitedMs >= slaMs ? "overdue" : waitedMs >= slaMs * 0.8 ? "due_soon" : "on_time";
  return { waitedMinutes: Math.floor(waitedMs / 60_000), state };
}

/** "under a minute", "4 min", "1 h 05 min". */
export function waitedLabel(minutes: number): string {
  if (minutes < 1) return "under a minute";
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}
