/**
 * The report's figures in words, one set for the PDF and the e-mail (and read back by their tests):
 * numbers in the fixed `12,345` form (the reader's locale is unknown), changes against the previous period.
 */
import type { ClientReportJson } from "@/server/reports/serializer";

export const count = (n: number) => n.toLocaleString("en-US");
const decimal = (n: number, digits: number) => n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const percent = (n: number) => `${decimal(n, n % 1 === 0 ? 0 : 1)}%`;
export const money = (v: { amount: number; currency: string }) => `${v.currency} ${decimal(v.amount, 2)}`;

function change(value: number | null, unit: "%" | " pts"): string | null {
  if (value === null) return null;
  // ASCII minus: the PDF's built-in Helvetica has no U+2212.
  const sign = value > 0 ? "+" : value < 0 ? "-" : "±";
  return `${sign}${decimal(Math.abs(value), Math.abs(value) % 1 === 0 ? 0 : 1)}${unit}`;
}

export interface Headline {
  label: string;
  value: string;
  /** Against the previous period, e.g. "+12.5% vs October 2026"; null when there is nothing to compare. */
  change: string | null;
}

export function headlines(r: ClientReportJson, previousLabel: string): Headline[] {
  const f = r.figures;
  const vs = (c: string | null) => (c ? `${c} vs ${previousLabel}` : null);
  const items: Headline[] = [
    { label: "Conversations", value: count(f.conversations), change: vs(change(r.change.conversations, "%")) },
    { label: "Questions answered", value: f.questions ? `${percent(f.answered_rate)} of ${count(f.questions)}` : "No questions", change: f.questions && r.previous.questions ? vs(change(r.change.answered_rate, " pts")) : null },
    { label: "Handed to a person", value: count(f.handed_to_person), change: vs(change(r.change.handed_to_person, "%")) },
    { label: "Leads", value: count(f.leads), change: vs(change(r.change.leads, "%")) },
    {
      label: "Hours saved",
      value: `${decimal(f.hours_saved, 1)} h`,
      change: `${count(f.answered_conversations)} conversations answered alone × ${f.minutes_per_conversation} min`,
    },
  ];
  if (f.value_saved) items.push({ label: "Value of the time saved", value: money(f.value_saved), change: null });
  items.push({ label: "Customer satisfaction", value: f.csat === null ? "Not rated" : percent(f.csat), change: null });
  return items;
}

export const busiestHour = (r: ClientReportJson) => {
  const top = [...r.figures.busiest_hours].sort((a, b) => b.conversations - a.conversations || a.hour - b.hour)[0];
  return top && top.conversations > 0 ? `${String(top.hour).padStart(2, "0")}:00–${String((top.hour + 1) % 24).padStart(2, "0")}:00 UTC` : null;
};

export const busiestDay = (r: ClientReportJson) => {
  const top = [...r.figures.busiest_days].sort((a, b) => b.conversations - a.conversations)[0];
  return top && top.conversations > 0 ? top.weekday : null;
};

export const CHANNEL_NAMES: Record<string, string> = {
  widget: "Website widget",
  share: "Share page",
  api: "API",
  channel: "Messaging channel",
  telegram: "Telegram",
  whatsapp: "WhatsApp",
  slack: "Slack",
};
export const channelName = (c: string) => CHANNEL_NAMES[c] ?? c;

/** The file name of a report's PDF: `<client>-report-<period>.pdf`, letters and digits only. */
export const pdfFilename = (r: ClientReportJson) => `${r.client.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "client"}-report-${r.period}.pdf`;
