/**
 * Which of the bench's languages a sentence is in, by its function words: translated manuals keep untranslated
 * paragraphs (English) beside the translated ones, and a German question must come from German text. A short
 * list per language is enough to tell these seven apart on a whole sentence; it is the bench's own, so the
 * instrument does not share the language detection of the product it measures.
 */
export const BENCH_LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pt"] as const;
export type BenchLanguage = (typeof BENCH_LANGUAGES)[number];

const FUNCTION_WORDS: Record<BenchLanguage, string> = {
  en: "the of and to is in that it for with as are this be on by you can which from an or not have will when your if",
  de: "der die das und ist in zu den nicht mit von sich des auf für ein eine im dem werden wird auch oder wenn sie kann sind",
  fr: "le la les et est des du un une en dans que qui pour pas sur au avec ce sont ou par il être peut vous se aux",
  es: "el la los las y es de que en un una por con para del al se lo como más pero sus está puede son o si",
  it: "il lo la gli le e è di che un una per con del della dei non sono si da nel nella può anche o se al",
  nl: "de het een en is van in dat op te voor met niet zijn die wordt ook of als kan aan er bij door deze",
  pt: "o a os as e é de que em um uma para com do da dos das não se por no na mais pode são ou ao",
};

const LISTS = Object.fromEntries(BENCH_LANGUAGES.map((l) => [l, new Set(FUNCTION_WORDS[l].split(" "))])) as Record<BenchLanguage, Set<string>>;

/** The language whose function words a text uses most, or null when none stands out (too few, or a tie). */
export function guessLanguage(text: string): BenchLanguage | null {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const counts = BENCH_LANGUAGES.map((l) => ({ l, n: words.filter((w) => LISTS[l].has(w)).length })).sort((a, b) => b.n - a.n);
  const [best, second] = counts;
  if (!best || best.n < 2 || best.n < 1.5 * (second?.n ?? 0)) return null;
  return best.l;
}

/** The function words of a language (the key terms of a question are its other words). */
export function isFunctionWord(language: BenchLanguage, word: string): boolean {
  return LISTS[language].has(word.toLowerCase());
}
