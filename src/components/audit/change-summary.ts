import { INTEGRATION_PRODUCTS, type Integration } from "@/server/workspaces/client";

/** One field of an audit entry in words: before and after as a person reads them (null: not part of that side). */
export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

/** Fields whose empty value means something ("all events" for a webhook with no list, record 013). */
const EMPTY_MEANS: Record<string, string> = { events: "all events" };
const FIELD_LABELS: Record<string, string> = { url: "URL", api_key: "API key", llm_key: "LLM key" };

const label = (key: string) => FIELD_LABELS[key] ?? key.replace(/_/g, " ");
const productOf = (v: unknown) => (typeof v === "string" && v in INTEGRATION_PRODUCTS ? INTEGRATION_PRODUCTS[v as Integration].product : null);

/** A value in words: numbers grouped, yes/no, a list by product name, an object as "amount 500, threshold 100". */
export function readable(value: unknown, key = ""): string {
  if (value === null || value === undefined || value === "") return EMPTY_MEANS[key] ?? "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return value.toLocaleString("en-US");
  if (Array.isArray(value)) return value.length ? value.map((v) => productOf(v) ?? readable(v)).join(", ") : (EMPTY_MEANS[key] ?? "none");
  if (typeof value === "object") {
    const parts = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${label(k)} ${readable(v, k)}`);
    return parts.length ? parts.join(", ") : "none";
  }
  // An integration id alone (a channel's kind) reads as its product too.
  return productOf(value) ?? String(value);
}

/** Each field an entry changed, in words, in the order the entry lists them. */
export function fieldChanges(entry: { before: Record<string, unknown> | null; after: Record<string, unknown> | null }): FieldChange[] {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return keys.map((key) => ({
    field: label(key),
    before: entry.before && key in entry.before ? readable(entry.before[key], key) : null,
    after: entry.after && key in entry.after ? readable(entry.after[key], key) : null,
  }));
}

/** A change's values: "before → after", "after" (set), "was before" (removed). */
export const changeValue = (c: FieldChange) => (c.before !== null && c.after !== null ? `${c.before} → ${c.after}` : (c.after ?? `was ${c.before}`));

/** One change as a line: "field: before → after". */
export const changeLine = (c: FieldChange) => `${c.field}: ${changeValue(c)}`;
