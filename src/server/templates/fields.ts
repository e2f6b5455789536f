/**
 * How the templates name, label and compare the parts of a chatbot's configuration. A field is
 * `settings.<name>`, `lead_form`, `greeting`, `<kind>.<item key>` for an item the template gave, or
 * `<kind>.added.<row id>` for one the chatbot added itself. Pure (the dashboard shows the same labels).
 */
import type { AnyItemValue, ItemKind } from "./content";

export type ChangeKind = "changed" | "added" | "removed";

/** What applying a version (or reverting, restoring) does to one field. */
export interface FieldChange {
  field: string;
  label: string;
  change: ChangeKind;
  from: unknown;
  to: unknown;
}

/** A field where the chatbot differs from the version it follows: its own value, kept by rollouts. */
export interface Override {
  field: string;
  label: string;
  override: ChangeKind;
  template: unknown;
  chatbot: unknown;
}

export const ITEM_LABELS: Record<ItemKind, string> = {
  actions: "Action",
  suggested_messages: "Suggested message",
  updated_answers: "Updated answer",
  sources: "Source",
  quality_questions: "Test question",
};

const humanize = (name: string) => {
  const words = name.replace(/_/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const settingField = (name: string) => `settings.${name}`;
export const itemField = (kind: ItemKind, key: string) => `${kind}.${key}`;
export const addedItemField = (kind: ItemKind, id: string) => `${kind}.added.${id}`;

/** What a person calls an item: its name, question, title or URL. */
export function itemName(kind: ItemKind, value: AnyItemValue): string {
  const v = value as Record<string, unknown>;
  const first = [v.name, v.question, v.title, v.url].find((x) => typeof x === "string" && x.trim());
  return typeof first === "string" ? first : ITEM_LABELS[kind];
}

export const settingLabel = (name: string) => (name === "topK" ? "Top K" : humanize(name));
export const itemLabel = (kind: ItemKind, value: AnyItemValue) => `${ITEM_LABELS[kind]}: ${itemName(kind, value)}`;
export const LEAD_FORM_LABEL = "Lead form";
export const GREETING_LABEL = "Greeting";

/** JSON with sorted object keys: two values are the same when their canonical texts are. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

export const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

function normalUrl(url: string | null): string | null {
  if (url === null) return null;
  try {
    const parsed = new URL(url);
    parsed.hash = "";
    return parsed.toString();
  } catch {
    return url;
  }
}

/**
 * What of an item counts when it is compared: a site's or page's title comes from the site (not the template),
 * URLs are compared as the crawler stores them, an action's header names without their case or order.
 */
export function comparable(kind: ItemKind, value: AnyItemValue): unknown {
  if (kind === "sources") {
    const s = value as { type: string; url: string | null; title: string | null; text: string | null; sync_frequency: string };
    return s.type === "text" ? { type: s.type, title: s.title, text: s.text, sync_frequency: s.sync_frequency } : { type: s.type, url: normalUrl(s.url), sync_frequency: s.sync_frequency };
  }
  if (kind === "actions") {
    const a = value as { header_names: string[] };
    return { ...a, header_names: a.header_names.map((h) => h.toLowerCase()).sort() };
  }
  return value;
}

export const sameItem = (kind: ItemKind, a: AnyItemValue, b: AnyItemValue) => same(comparable(kind, a), comparable(kind, b));
