import { Prisma, type SuggestedMessage } from "@/generated/prisma/client";
import type { Db, Tx } from "@/server/kernel/db/client";
import { selectModels } from "@/server/kernel/db/rows";
import {
  isPermutationOf,
  moveInOrder,
  SUGGESTED_MESSAGE_LIMITS,
  suggestedMessageColumns,
  type SuggestedMessageValues,
} from "@/server/chatbots/suggested-message-rules";
import { AppError } from "@/server/kernel/errors";
import { isUuid } from "@/server/kernel/lib/ids";
import { serializeSuggestedMessage } from "@/server/chatbots/suggested-message-serializer";
import { assertButtonAction } from "@/server/actions";

/** An `http` button must name an action of this chatbot that takes no required argument (422 on action_id). */
async function checkButton(db: Db, chatbotId: string, input: SuggestedMessageValues) {
  if (input.type === "http") await assertButtonAction(db, chatbotId, input.action_id);
}

const ORDER = [{ position: "asc" }, { createdAt: "asc" }, { id: "asc" }] as const satisfies Prisma.SuggestedMessageOrderByWithRelationInput[];

/** Changes to one chatbot's messages are serialized by locking the chatbot row. */
async function lockChatbot(tx: Tx, chatbotId: string) {
  await tx.$queryRaw`SELECT id FROM chatbots WHERE id = ${chatbotId}::uuid FOR UPDATE`;
}

async function orderedIds(tx: Tx, chatbotId: string): Promise<string[]> {
  return (await tx.suggestedMessage.findMany({ where: { chatbotId }, orderBy: ORDER, select: { id: true } })).map((m) => m.id);
}

/** Positions 0..n-1 in the given order. */
async function writeOrder(tx: Tx, ids: readonly string[]) {
  await Promise.all(ids.map((id, position) => tx.suggestedMessage.update({ where: { id }, data: { position } })));
}

async function listFor(db: Db | Tx, chatbotId: string) {
  return (await db.suggestedMessage.findMany({ where: { chatbotId }, orderBy: ORDER })).map(serializeSuggestedMessage);
}

export async function listSuggestedMessages(db: Db, chatbotId: string) {
  const messages = await selectModels<SuggestedMessage>(db, {
    name: "suggested_messages_list",
    text: "SELECT * FROM suggested_messages WHERE chatbot_id = $1::uuid ORDER BY position, created_at, id",
    values: [chatbotId],
  });
  return messages.map(serializeSuggestedMessage);
}

async function findMessage(tx: Tx, chatbotId: string, id: string) {
  const message = isUuid(id) ? await tx.suggestedMessage.findFirst({ where: { id, chatbotId } }) : null;
  if (!message) throw new AppError("NOT_FOUND", "Suggested message not found.");
  return message;
}

export async function createSuggestedMessage(db: Db, chatbotId: string, input: SuggestedMessageValues) {
  await checkButton(db, chatbotId, input);
  const created = await db.$transaction(async (tx) => {
    await lockChatbot(tx, chatbotId);
    const ids = await orderedIds(tx, chatbotId);
    if (ids.length >= SUGGESTED_MESSAGE_LIMITS.perChatbot) {
      throw new AppError("RULE_VIOLATION", `A chatbot can have at most ${SUGGESTED_MESSAGE_LIMITS.perChatbot} suggested messages.`);
    }
    await writeOrder(tx, ids);
    const columns = suggestedMessageColumns(input);
    return tx.suggestedMessage.create({ data: { ...columns, action: columns.action ?? Prisma.DbNull, chatbotId, position: ids.length } });
  });
  return serializeSuggestedMessage(created);
}

export async function updateSuggestedMessage(db: Db, chatbotId: string, id: string, input: SuggestedMessageValues) {
  const message = await findMessage(db, chatbotId, id);
  await checkButton(db, chatbotId, input);
  const columns = suggestedMessageColumns(input);
  const updated = await db.suggestedMessage.update({
    where: { id: message.id },
    data: { ...columns, action: columns.action ?? Prisma.DbNull },
  });
  return serializeSuggestedMessage(updated);
}

export async function deleteSuggestedMessage(db: Db, chatbotId: string, id: string) {
  await db.$transaction(async (tx) => {
    await lockChatbot(tx, chatbotId);
    const message = await findMessage(tx, chatbotId, id);
    await tx.suggestedMessage.delete({ where: { id: message.id } });
    await writeOrder(tx, await orderedIds(tx, chatbotId));
  });
}

/** Moves one message a place up or down; answers the whole list in its new order. */
export async function moveSuggestedMessage(db: Db, chatbotId: string, id: string, direction: "up" | "down") {
  return db.$transaction(async (tx) => {
    await lockChatbot(tx, chatbotId);
    await findMessage(tx, chatbotId, id);
    const next = moveInOrder(await orderedIds(tx, chatbotId), id, direction);
    if (next) await writeOrder(tx, next);
    return listFor(tx, chatbotId);
  });
}

/** Sets the whole order at once; `ids` must be exactly the chatbot's messages. */
export async function reorderSuggestedMessages(db: Db, chatbotId: string, ids: readonly string[]) {
  return db.$transaction(async (tx) => {
    await lockChatbot(tx, chatbotId);
    if (!isPermutationOf(await orderedIds(tx, chatbotId), ids)) {
      throw new AppError("VALIDATION", "The ids field must list every suggested message of the chatbot exactly once.", {
        errors: { ids: ["The ids field must list every suggested message of the chatbot exactly once."] },
      });
    }
    await writeOrder(tx, ids);
    return listFor(tx, chatbotId);
  });
}
