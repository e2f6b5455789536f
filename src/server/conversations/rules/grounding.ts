/**
 * Whether quoted passages actually answer a question (docs/decisions/051-grounded-or-honest-answers.md,
 * docs/decisions/115-one-language-toolkit.md). Retrieval always finds *something* sharing a word with the
 * question; an extractive answer is served only when the sentences it quotes from one page cover the
 * question's content terms and, for questions asking for a kind of fact (a place, a time, a price, a way to
 * get in touch), carry that kind of fact. The question's framing ("where is it explained", "what is … used
 * for", "wofür braucht man") counts when quoted and is never missed. Per language through the language
 * toolkit. Pure, so the rule is tested on its own and measured on the fixtures
 * (tests/integration/grounding-quality.test.ts) and the answer-quality bench.
 */
import { answerKind, carriesKind, questionTerms, termsOf, type AnswerKind } from "@/server/kernel/language";

/**
 * Served when the grounding score reaches this. Chosen on the answer-quality bench's tuning sets (record 115):
 * known-item, index and how-to questions on Python's and git's documentation and the other sets' questions
 * as unanswerable ones; the Bramble Cycles fixture's trade-off is printed by the grounding quality test.
 */
export const GROUNDING_THRESHOLD = 0.6;

/** A question term counts as covered by a word this similar (trigrams): typos still meet their word. */
const TERM_SIMILARITY = 0.45;

/** What a question of that kind needs in the quoted text for the score not to be halved. */
const KIND_PENALTY = 0.5;

export type { AnswerKind };

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

/** A question term is covered by the same key, a longer form of it, or a close spelling (typos). */
export function covered(term: string, words: ReadonlySet<string>): boolean {
  if (words.has(term)) return true;
  const typos = term.length >= 6 ? 2 : term.length >= 4 ? 1 : 0;
  for (const w of words) {
    if (w.startsWith(term) && (term.length >= 4 || w.length <= term.length + 2)) return true;
    if (term.length >= 4 && w.length >= 4 && (term.startsWith(w) || wordSimilarity(term, w) >= TERM_SIMILARITY || editDistance(term, w, typos) <= typos)) return true;
  }
  return false;
}

/** The content terms a question is about, in its language (framing words out). */
export const keyTerms = (question: string, language: string | null | undefined) => [...questionTerms(question, language).content.keys()];

/** What an extractive answer quotes from one page: each sentence with its context (page title and heading path). */
export interface QuotedSentence {
  sentence: string;
  context: string;
}

export const keysOf = (texts: string[], language: string | null | undefined) => new Set(texts.flatMap((t) => [...termsOf(t, language).keys()]));

/**
 * 0..1: how well sentences quoted from one page answer the question. The share of the question's terms the
 * sentences (or their titles and headings) contain — content terms always, framing terms only when they are
 * there — halved when the question asks for a kind of fact no quoted sentence carries. A content term that
 * no retrieved passage contains at all counts twice: ranking favours rare terms, so a term missing from every
 * retrieved passage is one the site does not speak of ("tandem" in "do you rent tandem bikes?" on a shop that
 * rents other bikes). `retrieved`: the retrieved passages' texts, or their keys (keysOf) when scoring several
 * quotes from the same passages. A question without content terms scores 0.
 */
export function groundingScore(question: string, quoted: QuotedSentence[], retrieved: string[] | ReadonlySet<string>, language: string | null | undefined): number {
  const { content, framing } = questionTerms(question, language);
  if (!content.size || !quoted.length) return 0;
  const words = keysOf(quoted.map((q) => `${q.sentence} ${q.context}`), language);
  const anywhere = Array.isArray(retrieved) ? keysOf(retrieved, language) : retrieved;
  const terms = [...content.keys()];
  const unknown = terms.filter((t) => !covered(t, anywhere) && !covered(t, words)).length;
  const framed = [...framing.keys()].filter((t) => words.has(t)).length;
  const coverage = (terms.filter((t) => covered(t, words)).length + framed) / (terms.length + framed + unknown);
  const kind = answerKind(question, language);
  return kind && !quoted.some((q) => carriesKind(kind, q.sentence, language)) ? coverage * KIND_PENALTY : coverage;
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
