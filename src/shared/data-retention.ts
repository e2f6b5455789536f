/**
 * Data retention (docs/decisions/124-retention-and-a-persons-data.md): how many days a workspace keeps its
 * conversations, visitors and contacts. A client's own number, else its agency's default, else the agency's
 * maximum; never more than that maximum; null keeps everything. Shared by the server's checks and the forms.
 */

/** The longest retention anyone can set: ten years. */
export const RETENTION_LIMIT_DAYS = 3650;

export interface AgencyRetention {
  defaultDays: number | null;
  maxDays: number | null;
}

/** The days a client's data is kept (null: kept). */
export function effectiveRetentionDays(clientDays: number | null, agency: AgencyRetention): number | null {
  const days = clientDays ?? agency.defaultDays ?? agency.maxDays;
  if (days === null) return null;
  return agency.maxDays === null ? days : Math.min(days, agency.maxDays);
}

/** Why a client's retention is refused (null: allowed). `null` days is always allowed: it falls back to the agency's. */
export function clientRetentionError(days: number | null, maxDays: number | null): string | null {
  if (days === null) return null;
  if (!Number.isInteger(days) || days < 1) return "The data retention days must be at least 1 day.";
  if (maxDays !== null && days > maxDays) return `The data retention days may not be more than the agency's maximum of ${maxDays} days.`;
  if (days > RETENTION_LIMIT_DAYS) return `The data retention days may not be more than ${RETENTION_LIMIT_DAYS} days.`;
  return null;
}

/** Why an agency's default and maximum are refused, by field (empty: allowed). */
export function agencyRetentionErrors(settings: AgencyRetention): Partial<Record<"default_days" | "max_days", string>> {
  const errors: Partial<Record<"default_days" | "max_days", string>> = {};
  const range = (days: number | null, name: string) =>
    days !== null && (!Number.isInteger(days) || days < 1 || days > RETENTION_LIMIT_DAYS) ? `The ${name} must be between 1 and ${RETENTION_LIMIT_DAYS} days.` : null;
  const max = range(settings.maxDays, "maximum");
  const def = range(settings.defaultDays, "default");
  if (max) errors.max_days = max;
  if (def) errors.default_days = def;
  else if (!max && settings.defaultDays !== null && settings.maxDays !== null && settings.defaultDays > settings.maxDays) {
    errors.default_days = "The default may not be more than the maximum.";
  }
  return errors;
}
