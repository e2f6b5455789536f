import type { Db } from "@/server/db/client";
import { serializeSource, serializeSourceWithReason } from "@/server/serializers/source";
import { chatbotForReading } from "@/server/services/chatbot-access";

/** Live sources only: a deleted source is no longer trained on, so lists leave it out. Oldest first. */
async function liveSources(db: Db, userId: string, chatbotId: string) {
  await chatbotForReading(db, userId, chatbotId);
  return db.source.findMany({ where: { chatbotId, deletedAt: null }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

export async function listSources(db: Db, userId: string, chatbotId: string) {
  return (await liveSources(db, userId, chatbotId)).map(serializeSource);
}

/** The dashboard's list: also why a failed source failed. */
export async function listSourcesWithReasons(db: Db, userId: string, chatbotId: string) {
  return (await liveSources(db, userId, chatbotId)).map(serializeSourceWithReason);
}
