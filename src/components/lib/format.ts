const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const preciseFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });
const logFormat = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", hour: "numeric", minute: "2-digit", second: "2-digit" });

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `Nov 21, 2026` in the viewer's locale; the raw string if it cannot be parsed. */
export function formatDate(iso: string): string {
  const date = parse(iso);
  return date ? dateFormat.format(date) : iso;
}

/** `Nov 21, 2026, 9:30 AM` in the viewer's locale; the raw string if it cannot be parsed. */
export function formatDateTime(iso: string): string {
  const date = parse(iso);
  return date ? dateTimeFormat.format(date) : iso;
}

/** `Nov 21, 2026, 9:30:05 AM` in the viewer's locale (logs, where seconds matter); the raw string if it cannot be parsed. */
export function formatDateTimeSeconds(iso: string): string {
  const date = parse(iso);
  return date ? preciseFormat.format(date) : iso;
}

/** `Nov 21, 9:30:05 AM`: a compact time for log tables (rows are at most weeks old); the raw string if it cannot be parsed. */
export function formatLogTime(iso: string): string {
  const date = parse(iso);
  return date ? logFormat.format(date) : iso;
}

/** `custom` → `Custom`, `knowledge_base` → `Knowledge base`. */
export function humanize(value: string): string {
  const text = value.replace(/[_-]+/g, " ").trim();
  return text ? text[0]!.toUpperCase() + text.slice(1) : value;
}
