/**
 * The languages the answer rules know (docs/decisions/115-one-language-toolkit.md): ISO 639-1 codes, a
 * region ("pt-BR") read as its language. Each has a Snowball stemmer of the same algorithm as PostgreSQL's
 * configuration of that name (stem.ts), most a stop word list (stop-words.ts); the seven with question
 * vocabulary (framing.ts, kinds.ts) are en, de, fr, es, it, nl and pt. Any other code reads as "unknown":
 * words are compared as they are spelled, nothing is dropped.
 */

/** ISO 639-1 code → the Snowball algorithm (and PostgreSQL text search configuration) of that name. */
const SNOWBALL: Record<string, string> = {
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
  hu: "hungarian",
  ga: "irish",
  it: "italian",
  no: "norwegian",
  nb: "norwegian",
  nn: "norwegian",
  pt: "portuguese",
  ro: "romanian",
  ru: "russian",
  es: "spanish",
  sv: "swedish",
  ta: "tamil",
  tr: "turkish",
};

/** A language code without its region, lower-cased ("pt-BR" → "pt"); "" for none. */
export function primaryLanguage(code: string | null | undefined): string {
  return (code ?? "").trim().toLowerCase().split(/[-_]/)[0] ?? "";
}

/** The Snowball algorithm for a language code, or null (no stemmer: words compared as spelled). */
export function snowballAlgorithm(code: string | null | undefined): string | null {
  return SNOWBALL[primaryLanguage(code)] ?? null;
}

/** The languages with a stemmer, as ISO 639-1 codes. */
export const STEMMED_LANGUAGES = Object.keys(SNOWBALL);
