import type { Db } from "@/server/kernel/db/client";
import type { AnswerPassage } from "./passages";

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

/**
 * One page's passages in order, as retrieval hands them to an answer: what the quality score asks whether a
 * generated question is one its expected page can answer at all (evaluations/run.ts).
 */
export async function pagePassages(db: Db, chatbotId: string, url: string): Promise<AnswerPassage[]> {
  return db.$queryRaw<AnswerPassage[]>`
    SELECT c.id::text AS "chunkId", c.source_id::text AS "sourceId", c.url, c.title, c.heading_path AS "headingPath", c.content, 0::float8 AS score
      FROM source_chunks c JOIN sources s ON s.id = c.source_id AND s.deleted_at IS NULL
     WHERE c.chatbot_id = ${chatbotId}::uuid AND c.url = ${url}
     ORDER BY c.position`;
}
