/** The agency report as CSV (RFC 4180 quoting; a cell starting with =, +, - or @ is prefixed with ' so spreadsheets do not run it). */
export interface AgencyReportCsvRow {
  name: string;
  status: string;
  conversations: number;
  answered_rate: number;
  previous_answered_rate: number;
  credits_used: number;
  messages_remaining: number;
  runway_days: number | null;
  unanswered_clusters: number;
  csat: number | null;
  flags: { answered_rate_fell: boolean; credits_run_out: boolean };
}

export function agencyReportCsv(period: string, rows: AgencyReportCsvRow[]): string {
  const cell = (v: string | number | null) => {
    const s = v === null ? "" : String(v);
    const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
    return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  const header = ["period", "client", "status", "conversations", "answered_rate", "previous_answered_rate", "credits_used", "credits_remaining", "runway_days", "unanswered_clusters", "csat", "answered_rate_fell", "credits_run_out"];
  const lines = rows.map((r) => [
    period,
    r.name,
    r.status,
    r.conversations,
    r.answered_rate,
    r.previous_answered_rate,
    r.credits_used,
    r.messages_remaining,
    r.runway_days,
    r.unanswered_clusters,
    r.csat,
    r.flags.answered_rate_fell ? "yes" : "no",
    r.flags.credits_run_out ? "yes" : "no",
  ]);
  return `${[header, ...lines].map((l) => l.map(cell).join(",")).join("\r\n")}\r\n`;
}
