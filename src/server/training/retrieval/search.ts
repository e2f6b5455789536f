import { poolOf, type Db } from "@/server/kernel/db/client";
import { questionLanguageOf } from "@/server/kernel/language/detect";
import { lookupKeys, queryWords, searchedWords, underscoredPhrases, wordPairs } from "@/server/training/retrieval/query-terms";
import { searchConfigFor } from "@/server/training/retrieval/search-language";
import type { AnswerPassage } from "@/server/training/retrieval/passages";
import { CHATBOT_LANGUAGE, SEARCH } from "./sql";

/**
 * A retrieved chunk with where it came from: the answer steps' type
 * (`headingPath` joined by " › ", HEADING_SEPARATOR; `score` is BM25, only
 * comparable within one search).
 */
export type Passage = AnswerPassage;

interface PassageRow {
  chunk_id: string;
  source_id: string;
  url: string | null;
  title: string;
  heading_path: string;
  content: string;
  score: number;
  language: string;
}

export const MAX_TOP_K = 50;

export interface SearchInput {
  chatbotId: string;
  query: string;
  topK: number;
  /**
   * The chatbot's `default_language` when the caller already has the chatbot
   * loaded: saves a round trip per search. Omitted, it is read from the row.
   */
  language?: string;
  /**
   * The question's language (ISO 639-1) when the caller has already detected it; else it is detected here
   * (kernel/language/detect.ts), the chatbot's language the hint and the fallback.
   */
  questionLanguage?: string | null;
}

/**
 * The chatbot's passages best matching `query`, best first (BM25 in
 * PostgreSQL, see sql.ts). [] when no word of the query occurs in the
 * chatbot's sources (even after typo correction). The question is stemmed in
 * every language the chatbot's passages were indexed in and in its own
 * (docs/decisions/116-passages-in-their-own-language.md); one statement.
 */
export async function searchPassages(db: Db, input: SearchInput): Promise<Passage[]> {
  const words = queryWords(input.query);
  const topK = Math.max(1, Math.min(MAX_TOP_K, Math.floor(input.topK)));
  if (words.length === 0) return [];
  const pool = poolOf(db);
  const language = input.language ?? (await chatbotLanguage(db, input.chatbotId));
  if (language === null) return [];
  const questionLanguage = input.questionLanguage ?? questionLanguageOf(input.query, language) ?? language;
  const searched = searchedWords(input.query, questionLanguage);
  if (searched.length === 0) return [];
  // The question's identifiers and its runs of words: a passage may define either (defined-terms.ts), but
  // not a word that only frames the question (query-terms.ts lookupKeys).
  const keys = lookupKeys(input.query, questionLanguage);
  // A named (prepared) statement: after a few runs on a connection PostgreSQL keeps a generic plan and
  // skips planning this large query (2–9 ms, more than executing it); see sql.ts SEARCH.
  const { rows } = await pool.query<PassageRow>({
    name: "retrieval_search",
    text: SEARCH,
    values: [input.chatbotId, searched, searchConfigFor(questionLanguage), topK, keys.map(([key]) => key), searchConfigFor(language), keys.map(([, identifier]) => identifier), underscoredPhrases(input.query), wordPairs(input.query, questionLanguage)],
  });
  return rows.map((r) => ({
    chunkId: r.chunk_id,
    sourceId: r.source_id,
    url: r.url,
    title: r.title,
    headingPath: r.heading_path,
    content: r.content,
    score: r.score,
    language: r.language,
  }));
}

/** The chatbot's `default_language`, or null when there is no such chatbot. */
async function chatbotLanguage(db: Db, chatbotId: string): Promise<string | null> {
  const { rows } = await poolOf(db).query<{ default_language: string }>(CHATBOT_LANGUAGE, [chatbotId]);
  return rows[0]?.default_language ?? null;
}
