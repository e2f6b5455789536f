/** Contacts as CSV (RFC 4180 quoting; a leading =, +, - or @ is prefixed with ' so spreadsheets do not run it as a formula). */
export function contactsCsv(contacts: Array<{ first_name: string; last_name: string; email: string; phone: string | null; created_at: string; conversation_id: string | null }>): string {
  const cell = (v: string | null) => {
    const s = v ?? "";
    const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
    return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  const rows = [["first_name", "last_name", "email", "phone", "created_at", "conversation_id"], ...contacts.map((c) => [c.first_name, c.last_name, c.email, c.phone, c.created_at, c.conversation_id])];
  return `${rows.map((r) => r.map(cell).join(",")).join("\r\n")}\r\n`;
}
