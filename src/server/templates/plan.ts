/**
 * What a template does to one chatbot, as pure functions of states (docs/decisions/111-templates-are-data.md):
 * - `planApply`: the chatbot moves from the version it follows to another one. A field it still has as the
 *   version it follows gave it takes the new version's value; a field it changed (its own welcome message, an
 *   item it edited or deleted, one it added) is an override and is kept.
 * - `overridesOf`: those overrides, against the version it follows — computed, never recorded, so a change made
 *   by any path (dashboard, REST, a script) counts.
 * - `planRevert`: given fields go back to the version it follows.
 * - `planRestore`: the chatbot back to a state recorded before (a rollout's rollback), its own changes included.
 * - `contentChanges`: what one version changes from another.
 * The writer (write-state.ts) turns a desired state into rows.
 */
import { ITEM_KINDS, type ChatbotState, type ItemKind, type StateItem, type StateItems } from "./content";
import {
  addedItemField,
  GREETING_LABEL,
  itemField,
  itemLabel,
  LEAD_FORM_LABEL,
  same,
  sameItem,
  settingField,
  settingLabel,
  type FieldChange,
  type Override,
} from "./fields";

export interface Plan {
  desired: ChatbotState;
  changes: FieldChange[];
  kept: Override[];
}

interface Whole {
  field: string;
  label: string;
  current: unknown;
  followed: unknown;
  target: unknown;
}

/** One whole-valued field (a setting, the lead form, the greeting): the value it ends with. */
function planWhole(w: Whole, hasFollowed: boolean, changes: FieldChange[], kept: Override[]): unknown {
  if (hasFollowed && !same(w.current, w.followed)) {
    if (!same(w.current, w.target)) kept.push({ field: w.field, label: w.label, override: "changed", template: w.target, chatbot: w.current });
    return w.current;
  }
  if (w.target === undefined || same(w.current, w.target)) return w.current;
  changes.push({ field: w.field, label: w.label, change: "changed", from: w.current, to: w.target });
  return w.target;
}

function planItems<K extends ItemKind>(
  kind: K,
  current: StateItem<K>[],
  followed: StateItem<K>[] | null,
  target: StateItem<K>[],
  out: { changes: FieldChange[]; kept: Override[]; removed: Set<string> },
): StateItem<K>[] {
  const f = new Map((followed ?? []).map((i) => [i.key!, i]));
  const t = new Map(target.map((i) => [i.key!, i]));
  const held = new Set(current.map((i) => i.key).filter((k): k is string => k !== null));
  const desired: StateItem<K>[] = [];
  for (const item of current) {
    if (item.key === null) {
      desired.push(item);
      if (followed) out.kept.push({ field: addedItemField(kind, item.id!), label: itemLabel(kind, item.value), override: "added", template: null, chatbot: item.value });
      continue;
    }
    const was = f.get(item.key);
    const next = t.get(item.key);
    if (was && !sameItem(kind, item.value, was.value)) {
      // Edited by the chatbot: kept; a template that dropped the item leaves it as the chatbot's own.
      desired.push(next ? item : { ...item, key: null });
      if (!next || !sameItem(kind, item.value, next.value)) {
        out.kept.push({ field: itemField(kind, item.key), label: itemLabel(kind, item.value), override: "changed", template: next?.value ?? null, chatbot: item.value });
      }
      continue;
    }
    if (!next) {
      out.changes.push({ field: itemField(kind, item.key), label: itemLabel(kind, item.value), change: "removed", from: item.value, to: null });
      continue;
    }
    if (sameItem(kind, item.value, next.value)) desired.push(item);
    else {
      desired.push({ ...item, value: next.value });
      out.changes.push({ field: itemField(kind, item.key), label: itemLabel(kind, next.value), change: "changed", from: item.value, to: next.value });
    }
  }
  for (const item of target) {
    if (held.has(item.key!)) continue;
    if (f.has(item.key!)) {
      // The chatbot deleted this item of the version it follows: it stays deleted.
      out.removed.add(item.key!);
      out.kept.push({ field: itemField(kind, item.key!), label: itemLabel(kind, item.value), override: "removed", template: item.value, chatbot: null });
      continue;
    }
    desired.push({ key: item.key, id: null, value: item.value });
    out.changes.push({ field: itemField(kind, item.key!), label: itemLabel(kind, item.value), change: "added", from: null, to: item.value });
  }
  return desired;
}

/**
 * The chatbot `current`, following `followed` (null: it follows nothing yet — it is being made from the
 * template), moved to `target`.
 */
export function planApply(current: ChatbotState, followed: ChatbotState | null, target: ChatbotState): Plan {
  const changes: FieldChange[] = [];
  const kept: Override[] = [];
  const settings = { ...current.settings };
  for (const name of Object.keys(target.settings)) {
    if (!(name in current.settings)) continue;
    settings[name] = planWhole(
      { field: settingField(name), label: settingLabel(name), current: current.settings[name], followed: followed?.settings[name], target: target.settings[name] },
      Boolean(followed && name in followed.settings),
      changes,
      kept,
    ) as ChatbotState["settings"][string];
  }
  const leadForm = planWhole({ field: "lead_form", label: LEAD_FORM_LABEL, current: current.lead_form, followed: followed?.lead_form, target: target.lead_form }, followed !== null, changes, kept);
  const greeting = planWhole({ field: "greeting", label: GREETING_LABEL, current: current.greeting, followed: followed?.greeting, target: target.greeting }, followed !== null, changes, kept);
  const removed = new Set<string>();
  const items = {} as StateItems;
  for (const kind of ITEM_KINDS) {
    (items[kind] as StateItem[]) = planItems(kind, current.items[kind] as StateItem[], (followed?.items[kind] as StateItem[]) ?? null, target.items[kind] as StateItem[], { changes, kept, removed });
  }
  return {
    desired: { settings, lead_form: leadForm as ChatbotState["lead_form"], greeting: greeting as ChatbotState["greeting"], items, removed: [...removed] },
    changes,
    kept,
  };
}

/** The chatbot's overrides of the version it follows. */
export const overridesOf = (current: ChatbotState, followed: ChatbotState): Override[] => planApply(current, followed, followed).kept;

/** What one version changes from another (both as states). */
export const contentChanges = (from: ChatbotState, to: ChatbotState): FieldChange[] => planApply(from, from, to).changes;

export interface Revert {
  desired: ChatbotState;
  reverted: FieldChange[];
  /** Fields named that are not overrides of this chatbot. */
  invalid: string[];
}

function parseItemField(field: string): { kind: ItemKind; key?: string; addedId?: string } | null {
  const [kind, ...rest] = field.split(".");
  if (!(ITEM_KINDS as readonly string[]).includes(kind!) || !rest.length) return null;
  if (rest[0] === "added" && rest.length === 2) return { kind: kind as ItemKind, addedId: rest[1] };
  return rest.length === 1 ? { kind: kind as ItemKind, key: rest[0] } : null;
}

/** The overrides named by `fields` set back to the version the chatbot follows. */
export function planRevert(current: ChatbotState, followed: ChatbotState, fields: readonly string[]): Revert {
  const overrides = new Map(overridesOf(current, followed).map((o) => [o.field, o]));
  const desired: ChatbotState = { ...current, settings: { ...current.settings }, items: { ...current.items }, removed: [...current.removed] };
  const reverted: FieldChange[] = [];
  const invalid: string[] = [];
  for (const field of new Set(fields)) {
    const override = overrides.get(field);
    if (!override) {
      invalid.push(field);
      continue;
    }
    reverted.push({ field, label: override.label, change: override.override === "added" ? "removed" : override.override === "removed" ? "added" : "changed", from: override.chatbot, to: override.template });
    if (field.startsWith("settings.")) desired.settings[field.slice("settings.".length)] = followed.settings[field.slice("settings.".length)]!;
    else if (field === "lead_form") desired.lead_form = followed.lead_form;
    else if (field === "greeting") desired.greeting = followed.greeting;
    else {
      const ref = parseItemField(field)!;
      const list = desired.items[ref.kind] as StateItem[];
      if (ref.addedId) (desired.items[ref.kind] as StateItem[]) = list.filter((i) => i.id !== ref.addedId);
      else {
        const template = (followed.items[ref.kind] as StateItem[]).find((i) => i.key === ref.key)!;
        const row = list.find((i) => i.key === ref.key);
        (desired.items[ref.kind] as StateItem[]) = row ? list.map((i) => (i === row ? { ...i, value: template.value } : i)) : [...list, { key: ref.key!, id: null, value: template.value }];
        desired.removed = desired.removed.filter((k) => k !== ref.key);
      }
    }
  }
  return { desired, reverted, invalid };
}

/** The state `before` again: its rows where they still exist, written anew where they were deleted since. */
export function planRestore(current: ChatbotState, before: ChatbotState): ChatbotState {
  const items = {} as StateItems;
  for (const kind of ITEM_KINDS) {
    const ids = new Set((current.items[kind] as StateItem[]).map((i) => i.id));
    (items[kind] as StateItem[]) = (before.items[kind] as StateItem[]).map((i) => (i.id !== null && ids.has(i.id) ? i : { ...i, id: null }));
  }
  return { ...before, items };
}
