import { framingKeysOf, questionWordsOf, stopWordsOf, termKey, withoutDiacritics, withoutRequest } from "@/server/kernel/language";
import { questionKeyIdentifiers, questionPhrases } from "@/server/training/retrieval/defined-terms";

/**
 * The words of a visitor's question that retrieval looks up. The database then
 * stems them with the chatbot's language (dropping stop words) and corrects
 * those it does not know; this only decides what counts as a word.
 */
export const MAX_QUERY_WORDS = 32;
const MAX_WORD_LENGTH = 40;

/**
 * Unicode letters and digits; inner apostrophes, dots and hyphens kept
 * ("don't", "v2.1", "e-mail") since PostgreSQL's parser treats those itself.
 * Lower-cased, de-duplicated in order, one-character words dropped unless
 * they are digits, at most MAX_QUERY_WORDS.
 */
/**
 * Dotted code identifiers (`os.path.join`, `str.translate`): PostgreSQL's parser keeps each whole (as
 * one "host" token), so their parts are added too — a page defining `str.translate` answers "what is
 * translate?", and "os.path.join" still meets the page that says `join`.
 */
const DOTTED_IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+/g;

/** The parts of a text's dotted identifiers, space-separated, each once ("" when there are none). */
export function identifierParts(text: string): string {
  const parts = new Set<string>();
  for (const [identifier] of text.matchAll(DOTTED_IDENTIFIER)) for (const part of identifier.split(".")) if (part.length > 1) parts.add(part);
  return [...parts].join(" ");
}

/**
 * A path of words joined by slashes ("preseed/interactive", "/dev/null", "rescue/enable"): PostgreSQL's parser
 * reads it as one token (a file), a single lexeme in the passages that say it, never as its words; it is
 * looked up whole, as said, and by its parts (slashParts), as a question may name one of them alone.
 */
const SLASHED = /^\/?[^/]+(?:\/[^/]+)+$/u;

/** The parts of a slashed path ("" when the word is none): "preseed/interactive" → "preseed interactive". */
export function slashParts(word: string): string[] {
  return SLASHED.test(word) ? word.split("/").filter((p) => p.length > 1) : [];
}

/**
 * An identifier joined by underscores ("pg_stat_activity", "journal_mode", "SQLITE_DEFAULT_LOCKING_MODE"): PostgreSQL's
 * parser reads the underscore as a blank, so the passages that name it hold its parts as separate words in a row,
 * and queryWords looks each part up alone (common words: "default", "mode", "limit"). Its parts are also met in a
 * row (sql.ts SEARCH: a phrase, weighed as one more term of the question).
 */
const UNDERSCORED = /[\p{L}\p{N}]+(?:_+[\p{L}\p{N}]+)+/gu;

/** Underscored identifiers of a question met as phrases, at most (each costs a phrase search). */
export const MAX_PHRASES = 4;

/** A question's underscored identifiers, each as its parts space-separated ("journal_mode" → "journal mode"), once. */
export function underscoredPhrases(query: string): string[] {
  const phrases = (query.normalize("NFKC").toLowerCase().match(UNDERSCORED) ?? []).map((id) => id.split(/_+/).join(" "));
  return [...new Set(phrases)].filter((p) => p.length <= MAX_WORD_LENGTH * 2).slice(0, MAX_PHRASES);
}

/** Word pairs of a question met as phrases, at most (each is checked against the best pre-scored passages: sql.ts PAIRED). */
export const MAX_WORD_PAIRS = 12;
/** Words (a question's stop words) a pair may span between its two words. */
const MAX_PAIR_GAP = 2;

/**
 * The pairs of a question's words in a row that name what it asks about, each with the stop words between them
 * as said ("contents of the index", "base class", "color a alfa"): PostgreSQL's phraseto_tsquery reads each as
 * its two words at that distance, in every configuration (sql.ts SEARCH). A passage saying the question's words
 * in its order is the one a reworded sentence came from; BM25 over single words cannot tell it from another
 * passage using the same common words apart (docs/decisions/163-word-pairs.md). Words that only frame the
 * question or ask it (searchedWords, framingOnly) pair with none; at most MAX_WORD_PAIRS, once each.
 */
export function wordPairs(query: string, language: string): string[] {
  const asking = questionWordsOf(language);
  const stopWords = stopWordsOf(language);
  // A typographic apostrophe as queryWords writes it: PostgreSQL's parser splits "l'image" as it does not "l’image".
  const words = (withoutRequest(query, language).normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}]+(?:['’.\-_][\p{L}\p{N}]+)*/gu) ?? []).map((w) => w.replace(/’/g, "'"));
  // An underscored identifier is met as its own phrase (underscoredPhrases), with its real idf: it pairs with none.
  const content = (word: string) =>
    word.length <= MAX_WORD_LENGTH && !word.includes("_") && !asking.has(word) && !framingOnly(word, language) && (word.length > 1 || /^\p{N}$/u.test(word));
  const pairs = new Set<string>();
  let last = -1;
  for (const [i, word] of words.entries()) {
    if (!content(word)) continue;
    if (last >= 0 && i - last - 1 <= MAX_PAIR_GAP && words.slice(last + 1, i).every((w) => stopWords.has(w))) pairs.add(words.slice(last, i + 1).join(" "));
    last = i;
  }
  return [...pairs].slice(0, MAX_WORD_PAIRS);
}

export function queryWords(query: string): string[] {
  const words = query.normalize("NFKC").toLowerCase().match(/\/?[\p{L}\p{N}]+(?:['’.\-/][\p{L}\p{N}]+)*/gu) ?? [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of words) {
    const word = raw.replace(/’/g, "'");
    if (word.length > MAX_WORD_LENGTH) continue;
    if (word.length < 2 && !/^\p{N}$/u.test(word)) continue;
    const parts = slashParts(word);
    for (const w of [word, ...parts, ...[word, ...parts].flatMap((p) => identifierParts(p).split(" ").filter(Boolean))]) {
      if (seen.has(w) || out.length === MAX_QUERY_WORDS) continue;
      seen.add(w);
      out.push(w);
    }
    if (out.length === MAX_QUERY_WORDS) break;
  }
  return out;
}

/**
 * Whether a word only frames a question in that language ("tell", "explain", "used": kernel/language
 * framing.ts) or is one of its stop words: it says how the question asks, not what about.
 */
function framingOnly(word: string, language: string): boolean {
  if (stopWordsOf(language).has(word)) return true;
  const keys = framingKeysOf(language);
  return keys.has(termKey(word, language)) || keys.has(withoutDiacritics(word));
}

/**
 * The keys a question's passages may define (defined-terms.ts: its identifiers and its runs of words), without
 * those that only frame it (record 132): "Tell me about url." is not answered by the pages defining `tell()`,
 * "Can you explain LIBS?" by a heading "explain", nor a glossary entry met by "tell me about". A phrase is kept
 * when one of its words names something ("work tree"). The words themselves are all looked up: a framing word
 * may be a question's content too ("Who founded …?" is not "find"), and BM25 weighs a common one little.
 */
export function lookupKeys(query: string, language: string): Array<[key: string, identifier: string]> {
  const keys = questionKeyIdentifiers(query).filter(([key, identifier]) => key !== identifier.toLowerCase() || !framingOnly(key, language));
  const phrases = questionPhrases(query).filter((p) => p.split(" ").some((w) => !framingOnly(w, language)));
  return [...keys, ...phrases.map((p): [string, string] => [p, p])];
}

/**
 * The words of a question retrieval looks up in its language: queryWords without the words that only make it a
 * question (kernel/language questionWordsOf: interrogatives, auxiliaries, modals), which never name what is asked
 * about ("Che cos'è texlive?" looks up "texlive": Italian's "cos" would outweigh a rare term in a long passage;
 * "Que fait iproute2 ?" "iproute2"). An elided interrogative falls away from the word it is joined to.
 * Nor a request's lead-in (kernel/language withoutRequest: "Can you explain", "Tell me about", "Parle-moi de"): a
 * documentation site's EXPLAIN command or "How to tell …" heading answers nothing it asks (docs/decisions/141-identifiers-in-questions.md).
 * Every other framing word is still looked up (record 132: "Who founded …?" needs "founded").
 */
export function searchedWords(query: string, language: string): string[] {
  const asking = questionWordsOf(language);
  const asked = withoutRequest(query, language);
  if (!asking.size) return queryWords(asked);
  return queryWords(asked).flatMap((word) => {
    if (asking.has(word)) return [];
    const [head, ...rest] = word.split("'");
    return rest.length && asking.has(head!) ? [rest.join("'")].filter((w) => w.length > 1) : [word];
  });
}
