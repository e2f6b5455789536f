/**
 * What a text is about, per language (docs/decisions/115-one-language-toolkit.md): its words, lower-cased,
 * each reduced to a key — its Snowball stem without diacritics, so "généralement" typed "generalement" still
 * meets it — stop words left out. A question's terms split into content (what it asks about) and framing
 * (how it asks: framing.ts); a framing word never counts as content a passage lacks.
 */
import { BoundedMemo } from "@/server/kernel/lib/bounded-memo";
import { framingWordsOf, topicWordsOf } from "./framing";
import { answerKind, askingWordsOf, type AnswerKind } from "./kinds";
import { primaryLanguage } from "./languages";
import { stemmerFor } from "./stem";
import { stopWordsOf } from "./stop-words";

/**
 * Letters, digits and underscores (`pg_dump`, `os_path`); apostrophes, hyphens and dots end a word, so an
 * elided article ("l'option", "dell'utente") falls away as a one-letter word.
 */
const WORD = /[\p{L}\p{N}_]+/gu;

/** A one-letter prefix joined by a hyphen is part of the word: "e-bikes" is "ebikes", "e-mail" "email". */
const LETTER_PREFIX = /(?<![\p{L}\p{N}])(\p{L})-(?=\p{L})/gu;

/** The words of a text, lower case (NFC), in order. */
export function wordsOf(text: string): string[] {
  return text.normalize("NFC").toLowerCase().replace(LETTER_PREFIX, "$1").match(WORD) ?? [];
}

/** A word without its diacritics ("généralement" → "generalement"). */
export const withoutDiacritics = (s: string) => s.normalize("NFD").replace(/\p{M}+/gu, "");
const fold = withoutDiacritics;

/** A word's key in a language: its stem, without diacritics. */
export function termKey(word: string, language: string | null | undefined): string {
  return fold(stemmerFor(language)(word));
}

/** A bare number of two digits or more: no naming word, but what a question asking only about it is about (questionTerms). */
export const NUMBER = /^\p{N}{2,}$/u;

/** A word that names something: not a stop word, two characters or more, not a bare number. */
function naming(word: string, stop: ReadonlySet<string>): boolean {
  return word.length >= 2 && !stop.has(word) && !/^[\p{N}_]+$/u.test(word);
}

/**
 * Sentences and headings are read again for every question the same passages answer: their terms are
 * memoised (short texts only; a whole passage is read once per answer).
 */
const MEMO_TEXT_LENGTH = 400;
const memo = new BoundedMemo<string, ReadonlyMap<string, string>>(10_000);

/** Distinct keys of a text's naming words, each with the first word it came from. */
export function termsOf(text: string, language: string | null | undefined): ReadonlyMap<string, string> {
  if (text.length > MEMO_TEXT_LENGTH) return readTerms(text, language);
  const key = `${primaryLanguage(language)}\u0000${text}`;
  let terms = memo.get(key);
  if (!terms) memo.set(key, (terms = readTerms(text, language)));
  return terms;
}

function readTerms(text: string, language: string | null | undefined): Map<string, string> {
  const stop = stopWordsOf(language);
  const stem = stemmerFor(language);
  const out = new Map<string, string>();
  for (const word of wordsOf(text)) {
    if (!naming(word, stop)) continue;
    const key = fold(stem(word));
    if (!out.has(key)) out.set(key, word);
  }
  return out;
}

/** Per language, the keys of a list of its words (framing.ts), made once. */
function keysOfWords(wordsIn: (language: string) => string[]): (language: string | null | undefined) => ReadonlySet<string> {
  const made = new Map<string, ReadonlySet<string>>();
  return (language) => {
    const code = primaryLanguage(language);
    let keys = made.get(code);
    if (!keys) made.set(code, (keys = new Set(wordsIn(code).flatMap((w) => wordsOf(w)).map((w) => termKey(w, code)))));
    return keys;
  };
}

/** The keys of a language's framing words (framing.ts). */
export const framingKeysOf = keysOfWords(framingWordsOf);

/** The keys of a language's topic words (framing.ts topicWordsOf). */
const topicKeysOf = keysOfWords(topicWordsOf);

export interface QuestionTerms {
  /** What the question asks about: key → the word it came from. */
  content: Map<string, string>;
  /** How it asks ("explain", "used for", "which page says"): counted when present, never missed. */
  framing: Map<string, string>;
}

/** A question's terms in its language, content apart from framing. */
export function questionTerms(question: string, language: string | null | undefined): QuestionTerms {
  const framingKeys = framingKeysOf(language);
  const content = new Map<string, string>();
  const framing = new Map<string, string>();
  for (const [key, word] of termsOf(question, language)) (framingKeys.has(key) || framingKeys.has(fold(word)) ? framing : content).set(key, word);
  // A question framed all through is about the framing words that ask for a kind of fact themselves:
  // "What about Prices?", "What are your fees?" ask about prices, and a page must speak of them.
  if (!content.size) {
    for (const [key, word] of framing) {
      if (!answerKind(word, language)) continue;
      content.set(key, word);
      framing.delete(key);
    }
  }
  // A question naming nothing but topic nouns of the framing is about them: "Can you explain modules?".
  if (!content.size) {
    const topics = topicKeysOf(language);
    for (const [key, word] of framing) {
      if (!topics.has(key) && !topics.has(fold(word))) continue;
      content.set(key, word);
      framing.delete(key);
    }
  }
  // A question naming nothing but a number is about that number ("What is 0022 used for?", "Que signifie 404 ?").
  if (!content.size) for (const word of wordsOf(question)) if (NUMBER.test(word)) content.set(word, word);
  return { content, framing };
}

const askingKeys = new Map<string, ReadonlySet<string>>();

/**
 * The kind of fact a question asks for when that is all it asks: its content words only ask for the kind
 * ("Where are you located?", "What is your phone number?", "When are you open?", "Wie ist Ihre
 * Telefonnummer?"), so the answer is a passage stating such a fact, whatever its words
 * (docs/decisions/133-questions-asking-only-for-a-kind.md). Null for a question naming what it asks about
 * ("When are you open on Saturday?", "How much does delivery cost?") or asking for no kind.
 */
export function askedKindOnly(question: string, language: string | null | undefined): AnswerKind | null {
  const kind = answerKind(question, language);
  if (!kind) return null;
  const code = primaryLanguage(language);
  let keys = askingKeys.get(`${code}/${kind}`);
  if (!keys) askingKeys.set(`${code}/${kind}`, (keys = new Set(askingWordsOf(kind, code).flatMap((w) => wordsOf(w)).map((w) => termKey(w, code)))));
  const asking = keys;
  return [...questionTerms(question, language).content].every(([key, word]) => asking.has(key) || asking.has(termKey(word, code))) ? kind : null;
}
