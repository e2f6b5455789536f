/**
 * A chatbot's state → a version's content, and a version's content + a chatbot's variables → the state the
 * template wants it in (docs/decisions/111-templates-are-data.md). Pure.
 */
import {
  emptyItems,
  ITEM_KINDS,
  TEMPLATE_FORMAT,
  templateContentSchema,
  type AnyItemValue,
  type ChatbotState,
  type StateItem,
  type StateItems,
  type TemplateContent,
} from "./content";
import { fillText, mapItemStrings, mapStrings, missingVariables, parametrizeText, variablesOf } from "./variables";

/**
 * The content of a new version: the master's state with its own values of the template's variables replaced
 * by their placeholders; each item keyed by the master's row (so an edited row is the same item next time).
 */
export function snapshotOf(master: ChatbotState, masterValues: Readonly<Record<string, string>>): TemplateContent {
  const param = (text: string) => parametrizeText(text, masterValues);
  const items = emptyItems();
  for (const kind of ITEM_KINDS) {
    (items[kind] as StateItem[]) = master.items[kind].map((item) => ({
      key: item.key ?? item.id!,
      id: null,
      value: mapItemStrings(kind, item.value, param),
    }));
  }
  const draft = {
    format: TEMPLATE_FORMAT as typeof TEMPLATE_FORMAT,
    settings: mapStrings(master.settings, param),
    lead_form: mapStrings(master.lead_form, param),
    greeting: mapStrings(master.greeting, param),
    items: Object.fromEntries(ITEM_KINDS.map((kind) => [kind, items[kind].map(({ key, value }) => ({ key: key!, value }))])) as TemplateContent["items"],
  };
  return templateContentSchema.parse({ ...draft, variables: variablesOf(draft) });
}

export type Rendered = { ok: true; state: ChatbotState } | { ok: false; missing: string[] };

/** The state a version wants for a chatbot with these variables; the variables it lacks, if any. */
export function renderContent(content: TemplateContent, values: Readonly<Record<string, string>>): Rendered {
  const missing = missingVariables(content, values);
  if (missing.length) return { ok: false, missing };
  const fill = (text: string, keep?: ReadonlySet<string>) => fillText(text, values, keep);
  const items = emptyItems();
  for (const kind of ITEM_KINDS) {
    (items[kind] as StateItem[]) = (content.items[kind] as Array<{ key: string; value: AnyItemValue }>).map(({ key, value }) => ({
      key,
      id: null,
      value: mapItemStrings(kind, value, fill),
    }));
  }
  return {
    ok: true,
    state: {
      settings: mapStrings(content.settings, (t) => fill(t)),
      lead_form: mapStrings(content.lead_form, (t) => fill(t)),
      greeting: mapStrings(content.greeting, (t) => fill(t)),
      items,
      removed: [],
    },
  };
}

/** A version's content as a state of its own (placeholders unfilled): what two versions are compared on. */
export function contentAsState(content: TemplateContent): ChatbotState {
  const items = Object.fromEntries(
    ITEM_KINDS.map((kind) => [kind, (content.items[kind] as Array<{ key: string; value: AnyItemValue }>).map(({ key, value }) => ({ key, id: null, value }))]),
  ) as unknown as StateItems;
  return { settings: content.settings, lead_form: content.lead_form, greeting: content.greeting, items, removed: [] };
}
