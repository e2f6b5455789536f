/** A number of days typed in a form: "" is null (no number of its own), else a whole number; NaN when it is neither. */
export function parseDays(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export const daysText = (days: number | null) => (days === null ? "" : String(days));

/** How a retention reads: "30 days", or kept. */
export const retentionLabel = (days: number | null) => (days === null ? "Kept until deleted" : days === 1 ? "1 day" : `${days} days`);
