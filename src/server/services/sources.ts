import type { Db } from "@/server/db/client";
import { serializeSource, serializeSourceWithReason } from "@/server/serializers/source";

/** Live sources only: a deleted source is no longer trained on, so lists leave it out. Oldest first. */
function liveSources(db: Db, chatbotId: string) {
  return db.source.findMany({ where: { chatbotId, deletedAt: null }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

export async function listSources(db: Db, chatbotId: string) {
  return (await liveSources(db, chatbotId)).map(serializeSource);
}

/** The dashboard's list: also why a failed source failed. */
export async function listSourcesWithReasons(db: Db, chatbotId: string) {
  return (await liveSources(db, chatbotId)).map(serializeSourceWithReason);
}
