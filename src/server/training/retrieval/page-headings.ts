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

/** A source without a url (a text, a file) the chatbot answers from: its id, title and passages' heading paths. */
export interface IndexedText {
  url: null;
  sourceId: string;
  title: string;
  headingPaths: string[];
}

/**
 * The chatbot's indexed sources without a url (texts, files), as indexedPages: the quality score generates
 * questions from them too, so a chatbot trained only on texts and files gets a score.
 */
export async function indexedTexts(db: Db, chatbotId: string): Promise<IndexedText[]> {
  return db.$queryRaw<IndexedText[]>`
    SELECT NULL::text AS url, c.source_id::text AS "sourceId", min(c.title) AS title, array_agg(c.heading_path ORDER BY c.position) AS "headingPaths"
      FROM source_chunks c JOIN sources s ON s.id = c.source_id AND s.deleted_at IS NULL
     WHERE c.chatbot_id = ${chatbotId}::uuid AND c.url IS NULL
     GROUP BY c.source_id
     ORDER BY c.source_id`;
}

/**
 * One page's passages in order (a page by its url; a text or a file by its source id), as retrieval hands
 * them to an answer: what the quality score asks whether a generated question is one its expected page can
 * answer at all (evaluations/run.ts).
 */
export async function pagePassages(db: Db, chatbotId: string, page: { url: string | null; sourceId?: string | null }): Promise<AnswerPassage[]> {
  return db.$queryRaw<AnswerPassage[]>`
    SELECT c.id::text AS "chunkId", c.source_id::text AS "sourceId", c.url, c.title, c.heading_path AS "headingPath", c.content, 0::float8 AS score, c.language
      FROM source_chunks c JOIN sources s ON s.id = c.source_id AND s.deleted_at IS NULL
     WHERE c.chatbot_id = ${chatbotId}::uuid
       AND (c.url = ${page.url}::text OR (${page.url}::text IS NULL AND c.url IS NULL AND c.source_id = ${page.sourceId ?? null}::uuid))
     ORDER BY c.position`;
}
