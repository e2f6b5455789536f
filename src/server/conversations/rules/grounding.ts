/**
 * Whether quoted passages actually answer a question (docs/decisions/051-grounded-or-honest-answers.md).
 * Retrieval always finds *something* sharing a word with the question; an
 * extractive answer is served only when the sentences it quotes cover the
 * question's key terms and, for questions asking for a kind of fact (a place,
 * a time, a price, a way to get in touch), carry that kind of fact. Pure, so
 * the rule is tested on its own and measured on the fixtures
 * (tests/integration/grounding-quality.test.ts).
 */
import { keywords } from "@/server/analytics";

/**
 * Served when the grounding score reaches this. Measured on the Bramble Cycles fixture (72 answerable
 * questions, 30 the site does not answer; the trade-off table is printed by the grounding quality test):
 * at 0.6 precision 0.94 and recall 0.86 (0.64 / 0.90 with no threshold), 28 of the 30 unanswerable
 * questions refused; 0.67 would reach precision 0.98 at recall 0.75.
 */
export const GROUNDING_THRESHOLD = 0.6;

/** A question term counts as covered by a word this similar (trigrams): typos still meet their word. */
const TERM_SIMILARITY = 0.45;

/** What a question of that kind needs in the quoted text for the score not to be halved. */
const KIND_PENALTY = 0.5;

export type AnswerKind = "place" | "time" | "price" | "contact";

const KIND_OF_QUESTION: Array<[AnswerKind, RegExp]> = [
  ["price", /\bhow much\b|\b(price|prices|cost|costs|fee|fees)\b/i],
  ["contact", /\b(phone|telephone|call|e-?mail|contact)\b/i],
  ["place", /^\s*where\b.*\b(is|are|'s|located)\b|\b(address|located|location)\b/i],
  ["time", /^\s*(when|what time)\b|\b(opening hours|open|opens|close|closes|closing)\b/i],
];

const DAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekdays?|weekends?";
const KIND_CUES: Record<AnswerKind, RegExp> = {
  price: /[$€£¥]|\d|\b(free|usd|eur|gbp|dollars?|euros?|pounds?)\b/i,
  contact: /\d{3}|@|\b(phone|call|e-?mail|form|chat)\b/i,
  place: new RegExp(`\\b\\d+[a-z]?\\s+(?:[NSEW]{1,2}\\s+)?\\p{Lu}\\p{L}+|\\b(street|st|avenue|ave|road|rd|boulevard|blvd|lane|drive|square|plaza|floor|suite|located|address|directions|corner|opposite|next to|online)\\b`, "u"),
  time: new RegExp(`\\d|\\b(${DAYS}|closed|open|daily|hours?|minutes?|days?|weeks?|months?|years?|morning|evening|night|noon|season|before|after|until|within)\\b`, "i"),
};

/** The kind of fact a question asks for, or null (most questions). */
export function answerKind(question: string): AnswerKind | null {
  return KIND_OF_QUESTION.find(([, pattern]) => pattern.test(question))?.[0] ?? null;
}

/** Whether a sentence carries the kind of fact asked for. */
export function carriesKind(kind: AnswerKind, sentence: string): boolean {
  return KIND_CUES[kind].test(sentence);
}

function trigramsOf(word: string): Set<string> {
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

function wordSimilarity(a: string, b: string): number {
  const ta = trigramsOf(a);
  const tb = trigramsOf(b);
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

/** Edit distance with transpositions (optimal string alignment), giving up above `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** A question term is covered by the same keyword, a longer form of it, or a close spelling (typos). */
export function covered(term: string, words: Set<string>): boolean {
  if (words.has(term)) return true;
  const typos = term.length >= 6 ? 2 : term.length >= 4 ? 1 : 0;
  for (const w of words) {
    if (w.startsWith(term) && (term.length >= 4 || w.length <= term.length + 2)) return true;
    if (term.length >= 4 && w.length >= 4 && (term.startsWith(w) || wordSimilarity(term, w) >= TERM_SIMILARITY || editDistance(term, w, typos) <= typos)) return true;
  }
  return false;
}

/**
 * Words that frame a question ("how many days…", "how long does it take…", "where is it located") rather
 * than name its subject.
 */
const FRAMING = new Set(["many", "long", "take", "usually", "already", "able", "possible", "kind", "type", "sort", "locat", "situat", "exactl", "actuall", "currentl"]);

/** The terms a question is about: its keywords (stemmed, no stop words) without the words that frame it. */
export const keyTerms = (question: string) => [...keywords(question).keys()].filter((t) => !FRAMING.has(t));

/** What an extractive answer quotes: each sentence with its context (page title and heading path). */
export interface QuotedSentence {
  sentence: string;
  context: string;
}

const wordsOf = (texts: string[]) => new Set(texts.flatMap((t) => [...keywords(t).keys()]));

/**
 * 0..1: the share of the question's key terms the quoted sentences (or their
 * titles and headings) contain, halved when the question asks for a kind of
 * fact no quoted sentence carries. A term that no retrieved passage contains
 * at all counts twice: ranking favours rare terms, so a term missing from every
 * retrieved passage is one the site does not speak of ("tandem" in "do you
 * rent tandem bikes?" on a shop that rents other bikes). A question without
 * key terms scores 0.
 */
export function groundingScore(question: string, quoted: QuotedSentence[], retrieved: string[]): number {
  const terms = keyTerms(question);
  if (!terms.length || !quoted.length) return 0;
  const words = wordsOf(quoted.map((q) => `${q.sentence} ${q.context}`));
  const anywhere = wordsOf(retrieved);
  const unknown = terms.filter((t) => !covered(t, anywhere) && !covered(t, words)).length;
  const coverage = terms.filter((t) => covered(t, words)).length / (terms.length + unknown);
  const kind = answerKind(question);
  return kind && !quoted.some((q) => carriesKind(kind, q.sentence)) ? coverage * KIND_PENALTY : coverage;
}

export const isGrounded = (score: number, threshold = GROUNDING_THRESHOLD) => score >= threshold;

const folded = (text: string) => text.toLowerCase().replace(/[’']/g, "'").replace(/[^\p{L}\p{N}' ]+/gu, " ").replace(/\s+/g, " ").trim();

/** How a model says it cannot answer from the sources (besides the chatbot's own default answer, which the prompt asks for). */
const NOT_KNOWN = /^(?:(?:i'?m|i am) sorry,? |sorry,? )?(?:but )?(?:i (?:do not|don't|dont) know|i (?:could not|couldn't|cannot|can't) find|(?:the|these|my) sources (?:do not|don't) (?:contain|say|mention))/;

/** Whether a generated answer is the model saying it does not know (answered: false). */
export function saysNotKnown(answer: string, defaultAnswer: string): boolean {
  const text = folded(answer);
  const fallback = folded(defaultAnswer);
  return (!!fallback && text.includes(fallback)) || NOT_KNOWN.test(text);
}
