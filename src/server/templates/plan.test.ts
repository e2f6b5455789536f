import { describe, expect, it } from "vitest";
import { emptyItems, type ChatbotState, type StateItem } from "./content";
import { contentChanges, overridesOf, planApply, planRestore, planRevert } from "./plan";
import { contentAsState, renderContent, snapshotOf } from "./snapshot";
import { itemIdsAfter, noOps, writeOpsOf } from "./write-ops";

const LEAD_FORM = { fields: [{ key: "email", label: "E-mail", type: "email" as const, required: true }], after_messages: null, on_handoff: true, on_no_credits: true };

function master(): ChatbotState {
  const items = emptyItems();
  items.suggested_messages = [
    { key: null, id: "m1", value: { type: "message", name: "Prices", prompt: "What are your prices?", url: "", action_ref: "" } },
    { key: null, id: "m2", value: { type: "link", name: "Book", prompt: "", url: "https://demo.example/book", action_ref: "" } },
  ];
  items.sources = [
    { key: null, id: "s1", value: { type: "website", url: "https://demo.example/", title: null, text: null, sync_frequency: "weekly" } },
    { key: null, id: "s2", value: { type: "text", url: null, title: "Hours", text: "Open 8 to 18", sync_frequency: "never" } },
  ];
  return { settings: { welcome_message: "Welcome!", system_prompt: "Be kind.", height: 640 }, lead_form: LEAD_FORM, greeting: null, items, removed: [] };
}

const blank = (): ChatbotState => ({ settings: { welcome_message: "Hi", system_prompt: "Default", height: 500 }, lead_form: LEAD_FORM, greeting: null, items: emptyItems(), removed: [] });

/** The chatbot after the desired state is written: new rows get ids, keys stay. */
function written(desired: ChatbotState, prefix: string): ChatbotState {
  const items = emptyItems();
  let n = 0;
  for (const kind of Object.keys(items) as Array<keyof typeof items>) {
    (items[kind] as StateItem[]) = (desired.items[kind] as StateItem[]).map((i) => ({ ...i, id: i.id ?? `${prefix}${++n}` }));
  }
  return { ...desired, items };
}

function rendered(content: ReturnType<typeof snapshotOf>, values: Record<string, string>) {
  const r = renderContent(content, values);
  if (!r.ok) throw new Error(`missing ${r.missing.join()}`);
  return r.state;
}

describe("snapshots", () => {
  it("keys items by the master's rows, with its site as a placeholder", () => {
    const v1 = snapshotOf(master(), { client_website: "https://demo.example" });
    expect(v1.variables).toEqual(["client_website"]);
    expect(v1.items.sources[0]).toEqual({ key: "s1", value: { type: "website", url: "{client_website}/", title: null, text: null, sync_frequency: "weekly" } });
    expect(v1.items.suggested_messages[1]!.value.url).toBe("{client_website}/book");
    expect(renderContent(v1, {})).toEqual({ ok: false, missing: ["client_website"] });
    expect(rendered(v1, { client_website: "https://smile.example/" }).items.sources[0]!.value.url).toBe("https://smile.example/");
  });
});

describe("planning a chatbot's state", () => {
  const v1 = snapshotOf(master(), { client_website: "https://demo.example" });
  const vars = { client_website: "https://smile.example" };

  it("a new chatbot takes every field of the version", () => {
    const plan = planApply(blank(), null, rendered(v1, vars));
    expect(plan.kept).toEqual([]);
    expect(plan.desired.settings).toEqual({ welcome_message: "Welcome!", system_prompt: "Be kind.", height: 640 });
    expect(plan.changes.filter((c) => c.change === "added").map((c) => c.field)).toEqual(["suggested_messages.m1", "suggested_messages.m2", "sources.s1", "sources.s2"]);
  });

  it("keeps the chatbot's overrides — a changed setting, an item it edited, deleted or added — and applies the rest", () => {
    const followed = rendered(v1, vars);
    const created = written(planApply(blank(), null, followed).desired, "r");
    // The client's own changes after creation.
    const mine: ChatbotState = {
      ...created,
      settings: { ...created.settings, welcome_message: "Hello from Smile" },
      items: {
        ...created.items,
        suggested_messages: created.items.suggested_messages.filter((m) => m.key !== "m2"),
        updated_answers: [{ key: null, id: "own1", value: { question: "Parking?", suggested_answer: "Behind the building." } }],
      },
    };
    expect(overridesOf(mine, followed).map((o) => [o.field, o.override])).toEqual([
      ["settings.welcome_message", "changed"],
      ["suggested_messages.m2", "removed"],
      ["updated_answers.added.own1", "added"],
    ]);

    // Version 2: a new system prompt and welcome message, one more suggested message, the hours text edited.
    const m = master();
    m.settings = { ...m.settings, system_prompt: "Be brief.", welcome_message: "Welcome to our practice!" };
    m.items.suggested_messages.push({ key: null, id: "m3", value: { type: "message", name: "Emergency", prompt: "I have an emergency", url: "", action_ref: "" } });
    m.items.sources[1] = { ...m.items.sources[1]!, value: { ...m.items.sources[1]!.value, text: "Open 8 to 20" } };
    const v2 = snapshotOf(m, { client_website: "https://demo.example" });
    const plan = planApply(mine, followed, rendered(v2, vars));
    expect(plan.changes.map((c) => [c.field, c.change])).toEqual([
      ["settings.system_prompt", "changed"],
      ["suggested_messages.m3", "added"],
      ["sources.s2", "changed"],
    ]);
    expect(plan.kept.map((o) => o.field)).toEqual(["settings.welcome_message", "suggested_messages.m2", "updated_answers.added.own1"]);
    expect(plan.desired.settings.welcome_message).toBe("Hello from Smile");
    expect(plan.desired.removed).toEqual(["m2"]);

    const ops = writeOpsOf(mine, plan.desired);
    expect(ops.settings).toEqual({ system_prompt: "Be brief." });
    expect(ops.items.suggested_messages.create.map((i) => i.key)).toEqual(["m3"]);
    expect(ops.items.sources.update.map((i) => [i.id, i.value.text])).toEqual([["r4", "Open 8 to 20"]]);
    expect(ops.items.updated_answers).toEqual({ create: [], update: [], delete: [] });
    expect(itemIdsAfter(plan.desired, new Map([["m3", "new3"]]))).toEqual({ m1: "r1", m3: "new3", s1: "r3", s2: "r4", m2: null });

    // Restoring the state from before takes back exactly what was applied; nothing left to do after.
    const after = written(plan.desired, "n");
    const restored = planRestore(after, mine);
    const back = writeOpsOf(after, restored);
    expect(back.settings).toEqual({ system_prompt: "Be kind." });
    expect(back.items.suggested_messages.delete).toEqual(["n1"]);
    expect(noOps(writeOpsOf(mine, planRestore(mine, mine)))).toBe(true);
  });

  it("reverts named overrides to the version followed, and refuses a field that is not one", () => {
    const followed = rendered(v1, vars);
    const created = written(planApply(blank(), null, followed).desired, "r");
    const mine: ChatbotState = {
      ...created,
      settings: { ...created.settings, welcome_message: "Mine" },
      items: { ...created.items, suggested_messages: created.items.suggested_messages.filter((s) => s.key !== "m1"), updated_answers: [{ key: null, id: "own", value: { question: "Q", suggested_answer: "A" } }] },
    };
    const revert = planRevert(mine, followed, ["settings.welcome_message", "suggested_messages.m1", "updated_answers.added.own", "settings.height"]);
    expect(revert.invalid).toEqual(["settings.height"]);
    expect(revert.reverted.map((r) => [r.field, r.change])).toEqual([
      ["settings.welcome_message", "changed"],
      ["suggested_messages.m1", "added"],
      ["updated_answers.added.own", "removed"],
    ]);
    expect(overridesOf(revert.desired, followed)).toEqual([]);
  });

  it("lists what one version changes from another", () => {
    const m = master();
    m.items.sources.pop();
    const v2 = snapshotOf(m, { client_website: "https://demo.example" });
    expect(contentChanges(contentAsState(v1), contentAsState(v2)).map((c) => [c.field, c.change, c.label])).toEqual([["sources.s2", "removed", "Source: Hours"]]);
  });
});
