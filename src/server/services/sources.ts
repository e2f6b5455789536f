import type { Db } from "@/server/db/client";
import { selectModels } from "@/server/db/rows";
import { serializeSource, serializeSourceWithReason, type ListedSource } from "@/server/serializers/source";

/** The columns the lists show (not the kept text, the robots.txt or the crawl state). */
const LISTED_COLUMNS =
  "id, chatbot_id, type, indexer, indexer_id, url, path, title, status, status_reason, sync_frequency, trained_at, created_at, updated_at, deleted_at, pages_found, pages_indexed, chunk_count";

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
