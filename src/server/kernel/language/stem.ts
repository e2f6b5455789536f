/**
 * Stemming per language with the Snowball algorithms (the `snowball-stemmers` package, a JavaScript build of
 * the Snowball project's stemmers): the algorithms PostgreSQL's text search configurations use, so the answer
 * rules reduce a word to the stem the search matched it by. tests/integration/language-parity.test.ts checks
 * that on words of real pages, word by word against PostgreSQL; the package predates Snowball 3.0, and the
 * parity test names the few 3.0 changes it lacks (docs/decisions/115-one-language-toolkit.md).
 */
import { newStemmer } from "snowball-stemmers";
import { BoundedMemo } from "@/server/kernel/lib/bounded-memo";
import { primaryLanguage, snowballAlgorithm } from "./languages";

/** Stems are memoised per language: the package builds each stem slowly (tens of µs), and pages repeat their words. */
const MEMO_ENTRIES = 50_000;

export type Stemmer = (word: string) => string;

const stemmers = new Map<string, Stemmer>();

const asSpelled: Stemmer = (word) => word;

/** The stemmer of a language (lower-case words in, stems out); words as spelled for a language without one. */
export function stemmerFor(language: string | null | undefined): Stemmer {
  const code = primaryLanguage(language);
  const known = stemmers.get(code);
  if (known) return known;
  const algorithm = snowballAlgorithm(code);
  let stemmer = asSpelled;
  if (algorithm) {
    const snowball = newStemmer(algorithm);
    const memo = new BoundedMemo<string, string>(MEMO_ENTRIES);
    stemmer = (word) => {
      let stem = memo.get(word);
      if (stem === undefined) memo.set(word, (stem = snowball.stem(word)));
      return stem;
    };
  }
  stemmers.set(code, stemmer);
  return stemmer;
}
