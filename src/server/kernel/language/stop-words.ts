/**
 * Stop words per language: PostgreSQL's own lists (the Snowball project's, copied into stop-words-data.ts by
 * scripts/language/copy-stop-words.ts). They are the words the search ignores, so a word retrieval never
 * matched on never counts as content an answer lacks (docs/decisions/115-one-language-toolkit.md).
 */
import { snowballAlgorithm } from "./languages";
import { POSTGRES_STOP_WORDS } from "./stop-words-data";

const lists = new Map<string, ReadonlySet<string>>();
const NONE: ReadonlySet<string> = new Set();

/** The stop words of a language (lower case, as spelled); empty for a language PostgreSQL has no list for. */
export function stopWordsOf(language: string | null | undefined): ReadonlySet<string> {
  const algorithm = snowballAlgorithm(language);
  if (!algorithm) return NONE;
  let list = lists.get(algorithm);
  if (!list) lists.set(algorithm, (list = new Set(POSTGRES_STOP_WORDS[algorithm]?.split(" ") ?? [])));
  return list;
}
