/**
 * The languages a chatbot speaks (record 117): each has a message catalogue (catalogues/), so a chatbot's
 * `default_language` is one of them (ISO 639-1), a region may follow ("pt-BR", "es-419"). Pure, isomorphic.
 */
export const CATALOGUE_LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pt"] as const;
export type CatalogueLanguage = (typeof CATALOGUE_LANGUAGES)[number];

/** English names: the dashboard's choices and the model's instructions. */
const NAMES: Record<CatalogueLanguage, string> = { en: "English", de: "German", fr: "French", es: "Spanish", it: "Italian", nl: "Dutch", pt: "Portuguese" };

/** The dashboard's choices: each language, and the regional variants chatbots most often name. */
export const LANGUAGE_OPTIONS: ReadonlyArray<{ code: string; label: string }> = [
  { code: "en", label: NAMES.en },
  { code: "en-GB", label: "English (UK)" },
  ...CATALOGUE_LANGUAGES.filter((code) => code !== "en").map((code) => ({ code, label: NAMES[code] })),
  { code: "pt-BR", label: "Portuguese (Brazil)" },
];

const CODE = /^([a-z]{2})(?:[-_]([a-z]{2}|\d{3}))?$/i;

const primaryOf = (code: string | null | undefined): string => (code ?? "").trim().toLowerCase().split(/[-_]/)[0] ?? "";

const isCatalogued = (primary: string): primary is CatalogueLanguage => (CATALOGUE_LANGUAGES as readonly string[]).includes(primary);

/** A supported code as it is stored ("DE" → "de", "pt_br" → "pt-BR"), or null when its language has no catalogue. */
export function supportedLanguage(code: string): string | null {
  const match = CODE.exec(code.trim());
  if (!match || !isCatalogued(match[1]!.toLowerCase())) return null;
  const region = match[2];
  return region ? `${match[1]!.toLowerCase()}-${region.toUpperCase()}` : match[1]!.toLowerCase();
}

/** The catalogue a code reads from: its language's, or English for a code stored before the languages were narrowed. */
export function catalogueLanguage(code: string | null | undefined): CatalogueLanguage {
  const primary = primaryOf(code);
  return isCatalogued(primary) ? primary : "en";
}

/** "de-AT" → "German"; a code without a catalogue names itself. */
export function languageName(code: string): string {
  const primary = primaryOf(code);
  return isCatalogued(primary) ? NAMES[primary] : code;
}
