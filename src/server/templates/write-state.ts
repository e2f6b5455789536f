import type { Chatbot } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { defineAction, deleteAction } from "@/server/actions";
import {
  createSuggestedMessage,
  createUpdatedAnswer,
  deleteSuggestedMessage,
  deleteUpdatedAnswer,
  setChatbotGreeting,
  suggestedMessageSchema,
  updateChatbotSettings,
  updatedAnswerSchema,
  updateSuggestedMessage,
  updateUpdatedAnswer,
} from "@/server/chatbots";
import { updateLeadForm } from "@/server/conversations";
import { putTestQuestion, removeTestQuestion } from "@/server/evaluations";
import { parseOrThrow } from "@/server/kernel/lib/validate";
import { createSource, deleteSource } from "@/server/training";
import type { ChatbotState, ItemIds, ItemValue, StateItem } from "./content";
import { itemLabel } from "./fields";
import { itemIdsAfter, writeOpsOf } from "./write-ops";
import { AppError } from "@/server/kernel/errors";

/** A write the chatbot's own rules refuse names the item it was for ("Source: Opening hours: …"). */
async function forItem<T>(kind: Parameters<typeof itemLabel>[0], value: Parameters<typeof itemLabel>[1], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof AppError && error.status < 500) throw new AppError(error.code, `${itemLabel(kind, value)}: ${error.message}`, { errors: error.errors });
    throw error;
  }
}

/**
 * Writes a desired state (plan.ts) to a chatbot through each capability's own services — the checks the
 * dashboard's edits pass apply to a template's too — and answers its key → row map. The caller holds one
 * transaction (`transactionAsDb`): a chatbot is never left half written. A new website or page source is
 * crawled and a text trained by the jobs its creation queues; a source that changes is replaced (trained again).
 */
export async function writeState(db: Db, chatbot: Chatbot, current: ChatbotState, desired: ChatbotState): Promise<ItemIds> {
  const ops = writeOpsOf(current, desired);
  const created = new Map<string, string>();
  const remember = (item: StateItem, id: string) => {
    if (item.key) created.set(item.key, id);
  };

  if (Object.keys(ops.settings).length) await updateChatbotSettings(db, chatbot, ops.settings as never);
  if (ops.leadForm !== undefined) await updateLeadForm(db, chatbot.id, ops.leadForm);
  if (ops.greeting !== undefined) await setChatbotGreeting(db, chatbot.id, ops.greeting);

  // What goes first: buttons may name an action that goes.
  for (const id of ops.items.suggested_messages.delete) await deleteSuggestedMessage(db, chatbot.id, id);
  for (const id of ops.items.updated_answers.delete) await deleteUpdatedAnswer(db, chatbot.id, id);
  for (const id of ops.items.quality_questions.delete) await removeTestQuestion(db, chatbot.id, id);
  for (const id of ops.items.sources.delete) await deleteSource(db, chatbot, id);
  for (const id of ops.items.actions.delete) await deleteAction(db, chatbot.id, id);

  for (const item of ops.items.actions.update) await forItem("actions", item.value, () => defineAction(db, chatbot.id, item.id, item.value as never));
  for (const item of ops.items.actions.create) remember(item, (await forItem("actions", item.value, () => defineAction(db, chatbot.id, null, item.value as never))).id);

  // A button's action: a template item (written above, or already there) or one of the chatbot's own.
  const actionIds = new Map(desired.items.actions.flatMap((a) => (a.key ? [[a.key, created.get(a.key) ?? a.id] as const] : [])));
  const message = (value: ItemValue<"suggested_messages">) => {
    const actionId = value.action_ref.startsWith("id:") ? value.action_ref.slice(3) : (actionIds.get(value.action_ref) ?? "");
    return parseOrThrow(suggestedMessageSchema, { type: value.type, name: value.name, prompt: value.prompt, url: value.url, action_id: actionId ?? "" });
  };
  for (const item of ops.items.suggested_messages.update) await forItem("suggested_messages", item.value, () => updateSuggestedMessage(db, chatbot.id, item.id, message(item.value)));
  for (const item of ops.items.suggested_messages.create) remember(item, (await forItem("suggested_messages", item.value, () => createSuggestedMessage(db, chatbot.id, message(item.value)))).id);

  const answer = (value: ItemValue<"updated_answers">) => parseOrThrow(updatedAnswerSchema, value);
  for (const item of ops.items.updated_answers.update) await forItem("updated_answers", item.value, () => updateUpdatedAnswer(db, chatbot.id, item.id, answer(item.value)));
  for (const item of ops.items.updated_answers.create) remember(item, (await forItem("updated_answers", item.value, () => createUpdatedAnswer(db, chatbot.id, answer(item.value)))).id);

  const source = (value: ItemValue<"sources">) =>
    value.type === "text"
      ? { type: "text" as const, title: value.title ?? undefined, text: value.text ?? "" }
      : { type: value.type, url: value.url ?? "", sync_frequency: value.sync_frequency as "never" };
  for (const item of ops.items.sources.update) {
    await deleteSource(db, chatbot, item.id);
    remember(item, (await forItem("sources", item.value, () => createSource(db, chatbot, source(item.value)))).id);
  }
  for (const item of ops.items.sources.create) remember(item, (await forItem("sources", item.value, () => createSource(db, chatbot, source(item.value)))).id);

  for (const item of ops.items.quality_questions.update) await putTestQuestion(db, chatbot.id, item.id, item.value);
  for (const item of ops.items.quality_questions.create) remember(item, (await putTestQuestion(db, chatbot.id, null, item.value)).id);

  return itemIdsAfter(desired, created);
}
