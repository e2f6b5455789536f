import type { PoolClient } from "pg";
import { inTransaction, isTransactionDb, poolOf, type Db } from "@/server/kernel/db/client";
import { HEADING_SEPARATOR } from "@/server/training/retrieval/passages";
import { passageDefines, passagePhrases } from "@/server/training/retrieval/defined-terms";
import { searchConfigFor } from "@/server/training/retrieval/search-language";
import { identifierParts } from "@/server/training/retrieval/query-terms";
import { documentLanguage, PASSAGE_READING, passageLanguage, SEARCHED_TEXT_READING } from "@/server/training/retrieval/document-language";
import { chunkDocument, type Chunk } from "./chunk";
import { passageWeight, type ExtractedDocument } from "@/server/training/extraction/extract";
import { CHANGE_CHUNKS, CHATBOT_LANGUAGE, CONFIGS_DELTA, LOCK_SOURCES, MARK_READING, OUTDATED_PASSAGES, OUTDATED_SOURCES, STATS_DELTA } from "./sql";

interface ChangeRow {
  chatbot_id: string;
  chunk_delta: number;
  length_delta: string;
  /** Chunks gained or lost per text search configuration. */
  configs: Record<string, number>;
}

/** A chunk with the language it is indexed in (passageLanguage) and its ranking weight (passageWeight). */
type LanguageChunk = Chunk & { language: string; weight: number };

/** Where the statements run: a pooled connection inside BEGIN … COMMIT, or a caller's Prisma transaction. */
interface Statements {
  run(text: string, values: unknown[]): Promise<void>;
  rows<R>(text: string, values: unknown[]): Promise<R[]>;
}

const onClient = (client: PoolClient): Statements => ({
  run: async (text, values) => void (await client.query(text, values)),
  rows: async <R,>(text: string, values: unknown[]) => (await client.query(text, values)).rows as R[],
});

/** A change made within a caller's transaction (a template writing a chatbot whole: templates/write-state.ts). */
const onTransaction = (db: Db): Statements => ({
  run: async (text, values) => void (await db.$executeRawUnsafe(text, ...values)),
  rows: (text, values) => db.$queryRawUnsafe(text, ...values),
});

async function changeChunks(
  client: Statements,
  removeSourceIds: string[],
  insert: { chatbotId: string; sourceId: string; title: string; url: string | null; chunks: LanguageChunk[] } | null,
): Promise<void> {
  await client.run(LOCK_SOURCES, [[...new Set([...removeSourceIds, ...(insert ? [insert.sourceId] : [])])]]);
  const chunks = insert?.chunks ?? [];
  const rows = await client.rows<ChangeRow>(CHANGE_CHUNKS, [
    removeSourceIds,
    insert?.chatbotId ?? null,
    insert?.sourceId ?? null,
    chunks.map((c) => searchConfigFor(c.language)),
    insert?.title ?? "",
    insert?.url ?? null,
    chunks.map((c) => c.position),
    chunks.map((c) => c.headingPath.join(HEADING_SEPARATOR)),
    chunks.map((c) => c.content),
    chunks.map((c) => c.tokenCount),
    chunks.map((c) => identifierParts(`${insert?.title ?? ""} ${c.headingPath.join(" ")}`)),
    chunks.map((c) => identifierParts(c.content)),
    chunks.map((c) => c.weight),
    chunks.map((c) => [...passageDefines(c.headingPath, c.content, insert?.title), ...passagePhrases(c.headingPath, c.content, insert?.title)].join("\n")),
    chunks.map((c) => c.language),
  ]);
  for (const row of rows) {
    if (row.chunk_delta !== 0 || row.length_delta !== "0") await client.run(STATS_DELTA, [row.chatbot_id, row.chunk_delta, row.length_delta]);
    if (Object.keys(row.configs).length) await client.run(CONFIGS_DELTA, [row.chatbot_id, JSON.stringify(row.configs)]);
  }
}

/**
 * Chunks a source's extracted document and replaces the source's chunks with
 * them in one transaction (searches see the old chunks or the new ones, never
 * a mix), each stemmed in its own language (passageLanguage), else the document's (documentLanguage; the
 * chatbot's `default_language` the hint and the fallback: `language` when the caller has it, else read).
 */
export async function indexSource(
  db: Db,
  input: { sourceId: string; chatbotId: string; document: ExtractedDocument; url: string | null; language?: string },
): Promise<{ chunkCount: number }> {
  const chunks = await chunkDocument(input.document);
  const chatbotLanguage = input.language ?? (await poolOf(db).query<{ default_language: string }>(CHATBOT_LANGUAGE, [input.chatbotId])).rows[0]?.default_language;
  const pageLanguage = documentLanguage(input.document, chatbotLanguage);
  await inTransaction(db, (client) =>
    changeChunks(onClient(client), [input.sourceId], {
      chatbotId: input.chatbotId,
      sourceId: input.sourceId,
      title: input.document.title,
      url: input.url,
      chunks: chunks.map((c) => ({ ...c, language: passageLanguage(c.content, pageLanguage), weight: passageWeight(input.document, c.content) })),
    }),
  );
  await markReading(db, input.sourceId);
  return { chunkCount: chunks.length };
}

/**
 * Records that the source's passages are read by the current rule, after the transaction that wrote them: a
 * transaction holding the source's row while it takes the source's index lock (a deletion) cannot deadlock with
 * this one. A crash between the two leaves the source to be read again (readPassagesAgain), which finds its
 * passages as they are: passageLanguage read with its own answer as the hint gives that answer again.
 */
async function markReading(db: Db, sourceId: string): Promise<void> {
  await poolOf(db).query(MARK_READING, [sourceId, PASSAGE_READING]);
}

interface OutdatedPassage {
  chatbot_id: string;
  position: number;
  title: string;
  url: string | null;
  heading_path: string;
  content: string;
  token_count: number;
  page_weight: number;
  language: string;
  search_config: string;
  reading: number;
}

/**
 * Reads again, by the current rule (passageLanguage), the languages of a source's passages that an earlier rule
 * read (docs/decisions/149-passages-read-again.md): no training, the passages as they were chunked. Each passage's
 * stored language is the hint, as its page's was at indexing (rule 1 stored the page's). A source whose passages
 * all keep their language and configuration, and whose tsvectors were built from the searched text
 * (SEARCHED_TEXT_READING), is only marked; otherwise its passages are replaced as a training replaces them
 * (changeChunks: one transaction, the statistics, terms and configurations with them), under the source's lock, so a
 * training of the same source goes before or after, never between. Returns the passages whose language changed.
 */
export async function readPassagesAgain(db: Db, sourceId: string): Promise<number> {
  const changed = await inTransaction(db, async (client) => {
    await client.query(LOCK_SOURCES, [[sourceId]]);
    const rows = (await client.query<OutdatedPassage>(OUTDATED_PASSAGES, [sourceId, PASSAGE_READING])).rows;
    const chunks = rows.map((r) => ({
      position: r.position,
      headingPath: r.heading_path ? r.heading_path.split(HEADING_SEPARATOR) : [],
      content: r.content,
      tokenCount: r.token_count,
      language: passageLanguage(r.content, r.language),
      weight: r.page_weight,
    }));
    const moved = chunks.filter((c, i) => c.language !== rows[i]!.language || searchConfigFor(c.language) !== rows[i]!.search_config).length;
    const first = rows[0];
    if (first && (moved || first.reading < SEARCHED_TEXT_READING)) {
      await changeChunks(onClient(client), [sourceId], { chatbotId: first.chatbot_id, sourceId, title: first.title, url: first.url, chunks });
    }
    return moved;
  });
  await markReading(db, sourceId);
  return changed;
}

/**
 * One batch of readPassagesAgain: up to `limit` sources after `after` (by id) that an earlier rule read. `next` is
 * where the following batch starts, null when this one reached the end.
 */
export async function readSourcesAgain(db: Db, after: string | null, limit: number): Promise<{ sources: number; passages: number; next: string | null }> {
  const { rows } = await poolOf(db).query<{ id: string }>(OUTDATED_SOURCES, [after, PASSAGE_READING, limit]);
  let passages = 0;
  for (const { id } of rows) passages += await readPassagesAgain(db, id);
  return { sources: rows.length, passages, next: rows.length === limit ? rows[rows.length - 1]!.id : null };
}

/** Removes the chunks of these sources (and their share of the statistics), in the caller's transaction when `db` is one. */
export async function removeSourceChunks(db: Db, sourceIds: string[]): Promise<void> {
  if (sourceIds.length === 0) return;
  if (isTransactionDb(db)) return changeChunks(onTransaction(db), sourceIds, null);
  await inTransaction(db, (client) => changeChunks(onClient(client), sourceIds, null));
}
