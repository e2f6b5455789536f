/**
 * A template's variables (docs/decisions/111-templates-are-data.md): `{client_website}`-style placeholders in
 * its text, filled per linked chatbot. Publishing replaces the master's own values (its site, say) with their
 * placeholders; rendering fills a chatbot's values in. An HTTP action's URL keeps the placeholders that name
 * the action's own parameters: those are filled at each call, not per client. Pure.
 */
import type { AnyItemValue, ItemKind, TemplateContent } from "./content";

const PLACEHOLDER = /\{([a-z][a-z0-9_]{0,39})\}/g;

/** Values shorter than this are not searched for in the master's text (a two-letter value would be found everywhere). */
const MIN_MASTER_VALUE = 3;

/** The placeholders of one text, but those in `keep` (an action's parameters). */
export function placeholdersIn(text: string, keep: ReadonlySet<string> = new Set()): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !keep.has(name));
}

/**
 * Fills the placeholders that have a value. Where a value ending in `/` meets a `/` (`{client_website}/prices`
 * with `https://smile.example/`), one slash goes, so a site given either way makes the same URL.
 */
export function fillText(text: string, values: Readonly<Record<string, string>>, keep: ReadonlySet<string> = new Set()): string {
  return text.replace(PLACEHOLDER, (match, name: string, offset: number) => {
    if (keep.has(name) || !(name in values)) return match;
    const value = values[name]!;
    return value.endsWith("/") && text[offset + match.length] === "/" ? value.slice(0, -1) : value;
  });
}

/** The master's values replaced by their placeholders, the longest value first (a site's URL before its host). */
export function parametrizeText(text: string, masterValues: Readonly<Record<string, string>>): string {
  const entries = Object.entries(masterValues)
    .map(([name, value]) => [name, value.replace(/\/+$/, "")] as const)
    .filter(([, value]) => value.length >= MIN_MASTER_VALUE)
    .sort((a, b) => b[1].length - a[1].length);
  let out = text;
  for (const [name, value] of entries) out = out.split(value).join(`{${name}}`);
  return out;
}

/** Every string of a JSON value mapped by `fn` (object keys stay). */
export function mapStrings<T>(value: T, fn: (text: string) => string): T {
  if (typeof value === "string") return fn(value) as T;
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, fn)) as T;
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, fn)])) as T;
  return value;
}

/** An action's parameter names: the placeholders its URL keeps for each call. */
export function actionParameters(value: AnyItemValue): ReadonlySet<string> {
  const properties = (value as { parameters?: { properties?: unknown } }).parameters?.properties;
  return new Set(properties && typeof properties === "object" ? Object.keys(properties) : []);
}

/** `fn` over every string of an item, with the placeholders the item keeps to itself. */
export function mapItemStrings<V extends AnyItemValue>(kind: ItemKind, value: V, fn: (text: string, keep: ReadonlySet<string>) => string): V {
  const keep = kind === "actions" ? actionParameters(value) : new Set<string>();
  return mapStrings(value, (text) => fn(text, keep));
}

/** The variables a version's content uses, sorted. */
export function variablesOf(content: Omit<TemplateContent, "variables">): string[] {
  const names = new Set<string>();
  const collect = (keep: ReadonlySet<string>) => (text: string) => {
    for (const name of placeholdersIn(text, keep)) names.add(name);
    return text;
  };
  mapStrings({ settings: content.settings, lead_form: content.lead_form, greeting: content.greeting }, collect(new Set()));
  for (const [kind, items] of Object.entries(content.items) as Array<[ItemKind, Array<{ value: AnyItemValue }>]>) {
    for (const item of items) mapItemStrings(kind, item.value, (text, keep) => collect(keep)(text));
  }
  return [...names].sort();
}

/** The variables a version needs that `values` lacks (or leaves blank). */
export function missingVariables(content: Pick<TemplateContent, "variables">, values: Readonly<Record<string, string>>): string[] {
  return content.variables.filter((name) => !(values[name] ?? "").trim());
}
