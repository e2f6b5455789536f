import type { Db } from "@/server/kernel/db/client";
import { columnList, selectModels } from "@/server/kernel/db/rows";
import { LISTED_SOURCE_FIELDS, serializeSource, serializeSourceWithReason, type ListedSource } from "@/server/training/source-serializer";

/** The columns the lists show (not the kept text, the robots.txt or the crawl state). */
const LISTED_COLUMNS = columnList(LISTED_SOURCE_FIELDS);

/** Live sources only: a deleted source is no longer trained on, so lists leave it out. Oldest first. */
function liveSources(db: Db, chatbotId: string) {
  return selectModels<ListedSource>(db, {
    name: "sources_live",
    text: `SELECT ${LISTED_COLUMNS} FROM sources WHERE chatbot_id = $1::uuid AND deleted_at IS NULL ORDER BY created_at, id`,
    values: [chatbotId],
  });
}

export async function listSources(db: Db, chatbotId: string) {
  return (await liveSources(db, chatbotId)).map(serializeSource);
}

/** The dashboard's list: also why a failed source failed. */
export async function listSourcesWithReasons(db: Db, chatbotId: string) {
  return (await liveSources(db, chatbotId)).map(serializeSourceWithReason);
}
