/**
 * The PostgreSQL text search configuration for a chatbot's `default_language`
 * (an ISO 639-1 code, optionally with a region: "en", "pt-BR"). Languages
 * PostgreSQL has no stemmer for get `simple` (lower-cased words, no stop words).
 */
const CONFIGS: Record<string, string> = {
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

export type SearchConfig = string;

export function searchConfigFor(language: string | null | undefined): SearchConfig {
  const primary = (language ?? "").trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return CONFIGS[primary] ?? "simple";
}
