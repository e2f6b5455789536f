import type { Db } from "@/server/kernel/db/client";

/** A page the chatbot answers from: its url, title and the heading paths of its passages. */
export interface IndexedPage {
  url: string;
  title: string;
  headingPaths: string[];
}

/**
 * The chatbot's indexed pages (live sources with a url), with their passages' heading paths in order: what
 * the quality score's generated questions are made of, and the pages a test question may expect.
 */
export async function indexedPages(db: Db, chatbotId: string): Promise<IndexedPage[]> {
  return db.$queryRaw<IndexedPage[]>`
    SELECT c.url, min(c.title) AS title, array_agg(c.heading_path ORDER BY c.position) AS "headingPaths"
      FROM source_chunks c JOIN sources s ON s.id = c.source_id AND s.deleted_at IS NULL
     WHERE c.chatbot_id = ${chatbotId}::uuid AND c.url IS NOT NULL
     GROUP BY c.url
     ORDER BY c.url`;
}
