/**
 * Groups visitor questions into themes without a language model
 * (docs/analytics.md, "Insights"). Deterministic: the same questions always
 * give the same themes.
 *
 * 1. Each question is normalised (lower case, punctuation removed) and cut
 *    into keywords: words of 3+ letters that are not stop words, lightly
 *    stemmed (`deliveries`, `delivery` → `deliver`). A chatbot in another language
 *    takes that language's stop words, question words and Snowball stems.
 * 2. Every keyword gets a weight: how many questions (with repeats) use it.
 * 3. A question joins the theme of its heaviest keyword (ties: alphabetical),
 *    so questions sharing their dominant keyword land together.
 * 4. A theme is named after that keyword, plus its most common companion
 *    keyword when at least half of the theme's asks use it (and, in a theme
 *    of several questions, more than one question does), in the order its
 *    summary question uses them.
 * 5. Its summary question is its most asked question; frequency is the number
 *    of questions in it; examples are up to three other distinct questions,
 *    most asked first.
 */
import { framingWordsOf, primaryLanguage, stopWordsOf, termKey, withoutDiacritics, wordsOf } from "@/server/kernel/language";

/** One theme, in the contract's names (the analytics serializer's `InsightTheme` schema checks this shape). */
export interface InsightTheme {
  summary_question: string;
  theme: string;
  frequency: number;
  examples: string[];
}

export interface AskedQuestion {
  text: string;
  /** How many times this exact (normalised) question was asked. */
  count: number;
}

export const MAX_THEMES = 10;
export const MAX_EXAMPLES = 3;

const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are aren arent as at be because been before being below between both but by
   can cannot cant could couldn did didn do does doesn doing don dont down during each either else ever every few for from further get gets
   getting got had hadn has hasn have haven having he her here hers herself him himself his how however i if in into is isn it its itself
   just let lets like may me might mine more most much must my myself need needs no nor not now of off on once one only or other our ours
   ourselves out over own please same shall she should shouldn so some still such than that thats the their theirs them themselves then
   there these they this those through to too under until up upon us very via want wants was wasn way we were weren what whats when
   where which while who whom whose why will with within without won would wouldn yes yet you your yours yourself yourselves
   hello hey thanks thank thx okay ok great perfect awesome appreciate cheers bye goodbye sure really anything something someone
   anyone anybody everyone everybody somebody nobody nothing often look looks looking last make makes tell know help hi`
    .split(/\s+/)
    .filter(Boolean),
);

/** Lower case, letters and digits only, single spaces. */
export function normalizeQuestion(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['’]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** A light suffix stemmer: enough to make plural and verb forms meet. */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith("ed")) w = w.slice(0, -2);
  if (w.length > 5 && w.endsWith("ery")) w = w.slice(0, -1);
  if (w.length > 4 && w.endsWith("y") && !/[aeiou]y$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** Words a question in another language frames itself with: its stop words and question vocabulary (record 115). */
const otherStopWords = new Map<string, ReadonlySet<string>>();
function stopWordsFor(code: string): ReadonlySet<string> {
  let words = otherStopWords.get(code);
  if (!words) {
    const listed = [...stopWordsOf(code), ...framingWordsOf(code)];
    otherStopWords.set(code, (words = new Set([...listed, ...listed.map(withoutDiacritics)])));
  }
  return words;
}

/**
 * Distinct stemmed keywords of a question, each with the word it came from. English (and a chatbot without a
 * language) keeps the rules above; another language takes its stop words, question words and Snowball stem from
 * the language toolkit, so "¿Cuánto cuesta el envío?" and "¿Cuándo llega mi envío?" meet on "envío".
 */
export function keywords(text: string, language?: string | null): Map<string, string> {
  const code = primaryLanguage(language);
  const out = new Map<string, string>();
  if (!language || code === "en") {
    for (const word of normalizeQuestion(text).split(" ")) {
      if (word.length < 3 || STOP_WORDS.has(word) || /^\d+$/.test(word)) continue;
      const key = stem(word);
      if (!out.has(key)) out.set(key, word);
    }
    return out;
  }
  const stop = stopWordsFor(code);
  for (const word of wordsOf(text)) {
    if (word.length < 3 || stop.has(word) || stop.has(withoutDiacritics(word)) || /^[\p{N}_]+$/u.test(word)) continue;
    const key = termKey(word, code);
    if (!out.has(key)) out.set(key, word);
  }
  return out;
}

const capitalize = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

interface Prepared {
  text: string;
  count: number;
  keys: Map<string, string>;
}

/** Themes of the questions (in the chatbot's language), most frequent first (ties: by theme name), at most `limit`. */
export function groupQuestions(questions: AskedQuestion[], limit = MAX_THEMES, language?: string | null): InsightTheme[] {
  // Merge questions that normalise alike; keep the most asked spelling.
  const merged = new Map<string, { text: string; count: number; best: number }>();
  for (const q of questions) {
    if (q.count <= 0) continue;
    const norm = normalizeQuestion(q.text);
    if (!norm) continue;
    const entry = merged.get(norm);
    const text = q.text.trim();
    if (!entry) merged.set(norm, { text, count: q.count, best: q.count });
    else {
      entry.count += q.count;
      if (q.count > entry.best || (q.count === entry.best && text < entry.text)) Object.assign(entry, { text, best: q.count });
    }
  }
  const prepared: Prepared[] = [...merged.values()]
    .map((q) => ({ text: q.text, count: q.count, keys: keywords(q.text, language) }))
    .filter((q) => q.keys.size > 0);

  const weight = new Map<string, number>();
  const surface = new Map<string, Map<string, number>>();
  for (const q of prepared) {
    for (const [key, word] of q.keys) {
      weight.set(key, (weight.get(key) ?? 0) + q.count);
      const words = surface.get(key) ?? new Map<string, number>();
      words.set(word, (words.get(word) ?? 0) + q.count);
      surface.set(key, words);
    }
  }
  const heavier = (a: string, b: string) => (weight.get(b) ?? 0) - (weight.get(a) ?? 0) || (a < b ? -1 : a > b ? 1 : 0);
  const wordOf = (key: string) => [...(surface.get(key) ?? new Map<string, number>())].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? key;

  const groups = new Map<string, Prepared[]>();
  for (const q of prepared) {
    const anchor = [...q.keys.keys()].sort(heavier)[0]!;
    groups.set(anchor, [...(groups.get(anchor) ?? []), q]);
  }

  const themes = [...groups].map(([anchor, members]) => {
    const frequency = members.reduce((s, q) => s + q.count, 0);
    const companions = new Map<string, number>();
    for (const q of members) for (const key of q.keys.keys()) if (key !== anchor) companions.set(key, (companions.get(key) ?? 0) + q.count);
    const companion = [...companions].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
    const ranked = [...members].sort((a, b) => b.count - a.count || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
    // Name words in the order the summary question uses them: "Track order", "Opening hours".
    const order = [...ranked[0]!.keys.keys()];
    // A companion names the theme only if most of it uses the word and, in a theme of several
    // questions, more than one of them does (else it is just the summary question's own word).
    const sharedBy = (key: string) => members.filter((q) => q.keys.has(key)).length;
    const named = companion && companion[1] * 2 >= frequency && (members.length === 1 || sharedBy(companion[0]) > 1) ? [anchor, companion[0]] : [anchor];
    named.sort((a, b) => (order.indexOf(a) + 1 || Infinity) - (order.indexOf(b) + 1 || Infinity));
    const theme = capitalize(named.map(wordOf).join(" "));
    return {
      summary_question: ranked[0]!.text,
      theme,
      frequency,
      examples: ranked.slice(1, 1 + MAX_EXAMPLES).map((q) => q.text),
    };
  });
  return themes.sort((a, b) => b.frequency - a.frequency || (a.theme < b.theme ? -1 : a.theme > b.theme ? 1 : 0)).slice(0, limit);
}
