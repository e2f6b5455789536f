/**
 * The languages the answer rules know (docs/decisions/115-one-language-toolkit.md): ISO 639-1 codes, a
 * region ("pt-BR") read as its language. Each has a Snowball stemmer of the same algorithm as PostgreSQL's
 * configuration of that name (stem.ts), most a stop word list (stop-words.ts); the seven with question
 * vocabulary (framing.ts, kinds.ts) are en, de, fr, es, it, nl and pt. Any other code reads as "unknown":
 * words are compared as they are spelled, nothing is dropped.
 */
import { algorithms } from "snowball-stemmers";

/**
 * ISO 639-1 code → PostgreSQL's text search configuration of that language: the one list of languages both
 * the index (each passage in its page's language, docs/decisions/116-passages-in-their-own-language.md) and
 * the answer rules read by. Most are Snowball stemmers; a code not listed is searched as `simple`.
 */
const TEXT_SEARCH_CONFIGS: Record<string, string> = {
  ar: "arabic",
  hy: "armenian",
  eu: "basque",
  ca: "catalan",
  da: "danish",
  nl: "dutch",
  en: "english",
  fi: "finnish",
  fr: "french",
  de: "german",
  el: "greek",
  hi: "hindi",
  hu: "hungarian",
  id: "indonesian",
  ga: "irish",
  it: "italian",
  lt: "lithuanian",
  ne: "nepali",
  no: "norwegian",
  nb: "norwegian",
  nn: "norwegian",
  pt: "portuguese",
  ro: "romanian",
  ru: "russian",
  sr: "serbian",
  es: "spanish",
  sv: "swedish",
  ta: "tamil",
  tr: "turkish",
  yi: "yiddish",
};

/** The configurations whose Snowball algorithm the JavaScript stemmer (stem.ts) has too. */
const SNOWBALL_IN_JS = new Set(algorithms());

/** A language code without its region, lower-cased ("pt-BR" → "pt"); "" for none. */
export function primaryLanguage(code: string | null | undefined): string {
  return (code ?? "").trim().toLowerCase().split(/[-_]/)[0] ?? "";
}

/** PostgreSQL's text search configuration for a language code ("en", "pt-BR"); `simple` (words as spelled) for any other. */
export function textSearchConfig(code: string | null | undefined): string {
  return TEXT_SEARCH_CONFIGS[primaryLanguage(code)] ?? "simple";
}

/** The Snowball algorithm for a language code, or null (no stemmer: words compared as spelled). */
export function snowballAlgorithm(code: string | null | undefined): string | null {
  const config = TEXT_SEARCH_CONFIGS[primaryLanguage(code)];
  return config && SNOWBALL_IN_JS.has(config) ? config : null;
}

/** The languages with a stemmer, as ISO 639-1 codes. */
export const STEMMED_LANGUAGES = Object.keys(TEXT_SEARCH_CONFIGS).filter((code) => snowballAlgorithm(code) !== null);
