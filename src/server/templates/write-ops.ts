/**
 * The rows to write to take a chatbot from its current state to a desired one, and the key → row map it ends
 * with. Pure: the writer (write-state.ts) only carries these out.
 */
import { ITEM_KINDS, type ChatbotState, type ItemIds, type ItemKind, type Scalar, type StateItem } from "./content";
import { same, sameItem } from "./fields";

export interface KindOps<K extends ItemKind = ItemKind> {
  create: StateItem<K>[];
  update: Array<StateItem<K> & { id: string }>;
  delete: string[];
}

export interface WriteOps {
  settings: Record<string, Scalar>;
  leadForm: ChatbotState["lead_form"] | undefined;
  greeting: ChatbotState["greeting"] | undefined;
  items: { [K in ItemKind]: KindOps<K> };
}

export function writeOpsOf(current: ChatbotState, desired: ChatbotState): WriteOps {
  const settings = Object.fromEntries(Object.entries(desired.settings).filter(([name, value]) => !same(current.settings[name], value)));
  const items = {} as WriteOps["items"];
  for (const kind of ITEM_KINDS) {
    const now = new Map((current.items[kind] as StateItem[]).map((i) => [i.id!, i]));
    const wanted = desired.items[kind] as StateItem[];
    const kept = new Set(wanted.map((i) => i.id).filter((id): id is string => id !== null));
    (items[kind] as KindOps) = {
      create: wanted.filter((i) => i.id === null || !now.has(i.id)).map((i) => ({ ...i, id: null })),
      update: wanted.filter((i): i is StateItem & { id: string } => i.id !== null && now.has(i.id) && !sameItem(kind, now.get(i.id)!.value, i.value)),
      delete: [...now.keys()].filter((id) => !kept.has(id)),
    };
  }
  return {
    settings,
    leadForm: same(current.lead_form, desired.lead_form) ? undefined : desired.lead_form,
    greeting: same(current.greeting, desired.greeting) ? undefined : desired.greeting,
    items,
  };
}

/** Whether the ops change nothing. */
export function noOps(ops: WriteOps): boolean {
  return (
    !Object.keys(ops.settings).length &&
    ops.leadForm === undefined &&
    ops.greeting === undefined &&
    ITEM_KINDS.every((k) => !ops.items[k].create.length && !ops.items[k].update.length && !ops.items[k].delete.length)
  );
}

/** The key → row map of the desired state once written (`created`: the ids the new rows got, by their item's key). */
export function itemIdsAfter(desired: ChatbotState, created: ReadonlyMap<string, string>): ItemIds {
  const ids: ItemIds = {};
  for (const kind of ITEM_KINDS) {
    for (const item of desired.items[kind] as StateItem[]) {
      if (item.key === null) continue;
      ids[item.key] = created.get(item.key) ?? item.id;
    }
  }
  for (const key of desired.removed) ids[key] ??= null;
  return ids;
}
