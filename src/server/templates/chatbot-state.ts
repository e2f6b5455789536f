import type { Chatbot } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { chatbotSettingsFields, greetingOf, serializeChatbotSettings, settingsFormValues } from "@/server/chatbots";
import { leadFormOf } from "@/server/conversations";
import { emptyItems, SETTINGS_NOT_IN_TEMPLATES, type TEMPLATE_SOURCE_TYPES, type ChatbotState, type ItemIds, type Scalar, type StateItem } from "./content";

/**
 * Chatbots' configurations as the templates see them (content.ts), many at once: one statement per table for
 * every chatbot asked (a preview or a rollout batch reads hundreds). A row's template item comes from its
 * link's `item_ids`; a template item whose row is gone is one the chatbot removed.
 */

/** A chatbot's settings as values (booleans, nulls), but its name and domain. */
export function settingsOf(chatbot: Chatbot): Record<string, Scalar> {
  const form = settingsFormValues(serializeChatbotSettings(chatbot));
  const parsed = chatbotSettingsFields.safeParse(form);
  const values = (parsed.success ? parsed.data : form) as Record<string, Scalar>;
  return Object.fromEntries(Object.entries(values).filter(([name]) => !SETTINGS_NOT_IN_TEMPLATES.has(name)));
}

interface Rows {
  messages: Awaited<ReturnType<Db["suggestedMessage"]["findMany"]>>;
  answers: Awaited<ReturnType<Db["updatedAnswer"]["findMany"]>>;
  actions: Awaited<ReturnType<Db["chatbotAction"]["findMany"]>>;
  sources: Awaited<ReturnType<Db["source"]["findMany"]>>;
  questions: Awaited<ReturnType<Db["evaluationQuestion"]["findMany"]>>;
}

function groupBy<T extends { chatbotId: string }>(rows: T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) out.set(row.chatbotId, [...(out.get(row.chatbotId) ?? []), row]);
  return out;
}

async function readRows(db: Db, ids: string[]) {
  const where = { chatbotId: { in: ids } };
  const [messages, answers, actions, sources, questions] = await Promise.all([
    db.suggestedMessage.findMany({ where, orderBy: [{ position: "asc" }, { createdAt: "asc" }, { id: "asc" }] }),
    db.updatedAnswer.findMany({ where, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db.chatbotAction.findMany({ where, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    // The sources a person added: a website's pages come from its crawl, files are not carried by templates, and
    // a text without its text (or a site without its URL) could not be trained again.
    db.source.findMany({
      where: { ...where, indexerId: null, deletedAt: null, OR: [{ type: "text", bodyText: { not: null } }, { type: { in: ["website", "page"] }, url: { not: null } }] },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
    db.evaluationQuestion.findMany({ where, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
  ]);
  return { messages: groupBy(messages), answers: groupBy(answers), actions: groupBy(actions), sources: groupBy(sources), questions: groupBy(questions) };
}

const headerNames = (headers: unknown) => (Array.isArray(headers) ? headers.flatMap((h) => (h && typeof h.name === "string" ? [h.name as string] : [])) : []);

function stateOf(chatbot: Chatbot, rows: { [K in keyof Rows]: Rows[K] }, itemIds: ItemIds): ChatbotState {
  const keyOf = new Map(Object.entries(itemIds).flatMap(([key, id]) => (id ? [[id, key] as const] : [])));
  const item = <V,>(id: string, value: V) => ({ key: keyOf.get(id) ?? null, id, value });
  const items = emptyItems();
  items.actions = rows.actions.map((a) =>
    item(a.id, { name: a.name, description: a.description, method: a.method, url: a.url, header_names: headerNames(a.headers), parameters: a.parameters as Record<string, unknown> }),
  );
  items.suggested_messages = rows.messages.map((m) => {
    const action = (m.action ?? null) as { type?: string; url?: string; action_id?: string } | null;
    const ref = action?.type === "http" && action.action_id ? (keyOf.get(action.action_id) ?? `id:${action.action_id}`) : "";
    return item(m.id, { type: m.type as StateItem<"suggested_messages">["value"]["type"], name: m.name, prompt: m.prompt, url: action?.type === "url" ? (action.url ?? "") : "", action_ref: ref });
  });
  items.updated_answers = rows.answers.map((a) => item(a.id, { question: a.question, suggested_answer: a.suggestedAnswer }));
  items.sources = rows.sources.map((s) =>
    item(s.id, {
      type: s.type as (typeof TEMPLATE_SOURCE_TYPES)[number],
      url: s.type === "text" ? null : s.url,
      title: s.type === "text" ? s.title : null,
      text: s.type === "text" ? s.bodyText : null,
      sync_frequency: s.syncFrequency,
    }),
  );
  items.quality_questions = rows.questions.map((q) => item(q.id, { question: q.question, expected_url: q.expectedUrl }));
  const held = new Set(Object.values(items).flatMap((list: StateItem[]) => list.map((i) => i.key)));
  return {
    settings: settingsOf(chatbot),
    lead_form: leadFormOf(chatbot.leadForm),
    greeting: greetingOf(chatbot.greeting),
    items,
    removed: Object.keys(itemIds).filter((key) => !held.has(key)),
  };
}

/** The states of these chatbots (with each one's key → row map; none for a chatbot that is no template's). */
export async function readStates(db: Db, chatbots: Array<{ chatbot: Chatbot; itemIds?: ItemIds }>): Promise<Map<string, ChatbotState>> {
  if (!chatbots.length) return new Map();
  const rows = await readRows(db, chatbots.map((c) => c.chatbot.id));
  return new Map(
    chatbots.map(({ chatbot, itemIds }) => [
      chatbot.id,
      stateOf(
        chatbot,
        {
          messages: rows.messages.get(chatbot.id) ?? [],
          answers: rows.answers.get(chatbot.id) ?? [],
          actions: rows.actions.get(chatbot.id) ?? [],
          sources: rows.sources.get(chatbot.id) ?? [],
          questions: rows.questions.get(chatbot.id) ?? [],
        },
        itemIds ?? {},
      ),
    ]),
  );
}

export async function readState(db: Db, chatbot: Chatbot, itemIds: ItemIds = {}): Promise<ChatbotState> {
  return (await readStates(db, [{ chatbot, itemIds }])).get(chatbot.id)!;
}
