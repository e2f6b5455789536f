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
export function queryWords(query: string): string[] {
  const words = query.normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}]+(?:['’.\-][\p{L}\p{N}]+)*/gu) ?? [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of words) {
    const word = raw.replace(/’/g, "'");
    if (word.length > MAX_WORD_LENGTH) continue;
    if (word.length < 2 && !/^\p{N}$/u.test(word)) continue;
    if (seen.has(word)) continue;
    seen.add(word);
    out.push(word);
    if (out.length === MAX_QUERY_WORDS) break;
  }
  return out;
}
