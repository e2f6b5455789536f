/**
 * "Updated answers win" (docs/decisions/021-the-answer-pipeline.md, docs/decisions/052-updated-answers-match-reworded-questions.md):
 * a question close enough to an updated answer's question gets its
 * `suggested_answer` verbatim. Closeness is measured on what the questions are
 * about, not on their wording: the share of key terms they have in common
 * (grounding.ts's key terms: stemmed, stop and framing words out, typos
 * meeting their word), and only between questions asking for the same kind
 * of fact ("where is the shop?" never takes the answer of "when is the shop
 * open?"). Terms and kinds are read in the question's language (the language
 * toolkit, docs/decisions/115-one-language-toolkit.md), so "Wo ist Ihr Laden?"
 * meets "Wo befindet sich der Laden?" as "where is your shop?" meets "where is
 * the shop located?". Questions without key terms ("hi!") fall back to the
 * trigram similarity of their whole text. Pure, so the rule is tested on
 * paraphrases both ways, per language (updated-answer-match.test.ts).
 */
import { normalizeQuestion } from "@/server/analytics";
import { answerKind } from "@/server/kernel/language";
import { covered, keyTerms } from "@/server/conversations/rules/grounding";

/**
 * Measured on the paraphrase pairs of updated-answer-match.test.ts: every should-match pair scores ≥ 0.66,
 * every should-not pair ≤ 0.5 (two of three terms in common is a match, one of two is not).
 */
export const UPDATED_ANSWER_THRESHOLD = 0.66;

/** The whole-text fallback keeps the threshold it was tuned with ("opening hours?" / "what are your opening hours"). */
const TRIGRAM_THRESHOLD = 0.5;

export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of normalizeQuestion(text).split(" ").filter(Boolean)) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return out;
}

/** Trigram similarity of two whole texts (pg_trgm's: shared trigrams over all trigrams). */
export function similarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  if (ta.size === 0 || tb.size === 0) return 0;
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

/** A question read once for many comparisons: its key terms and the kind of fact it asks for. */
export interface PreparedQuestion {
  terms: string[];
  words: Set<string>;
  kind: ReturnType<typeof answerKind>;
}

/** Read in the question's language (English unless given). */
export function prepareQuestion(question: string, language: string | null | undefined = "en"): PreparedQuestion {
  const terms = keyTerms(question, language);
  return { terms, words: new Set(terms), kind: answerKind(question, language) };
}

/** `questionSimilarity` of two prepared questions. */
export function preparedSimilarity(a: PreparedQuestion, b: PreparedQuestion): number | null {
  if (!a.terms.length || !b.terms.length) return null;
  if (a.kind !== b.kind) return 0;
  const met = a.terms.filter((t) => covered(t, b.words)).length + b.terms.filter((t) => covered(t, a.words)).length;
  return met / (a.terms.length + b.terms.length);
}

/**
 * 0..1 closeness of two questions: key terms in common over all key terms of the two (each side's terms
 * met by the other's), 0 when they ask for different kinds of fact; null when either has no key term.
 */
export function questionSimilarity(a: string, b: string, language: string | null | undefined = "en"): number | null {
  return preparedSimilarity(prepareQuestion(a, language), prepareQuestion(b, language));
}

export interface MatchOptions {
  /**
   * The languages to read both questions in: the question's and the chatbot's `default_language` (a stored
   * question is in the chatbot's language, a rewording may be in the visitor's); the best reading counts.
   * English when none is given.
   */
  languages?: Array<string | null | undefined>;
  threshold?: number;
}

export function matchUpdatedAnswer<T extends { question: string }>(question: string, candidates: T[], options: MatchOptions = {}): T | null {
  const threshold = options.threshold ?? UPDATED_ANSWER_THRESHOLD;
  let best: { item: T; score: number } | null = null;
  const languages = [...new Set(options.languages?.length ? options.languages : ["en"])];
  for (const item of candidates) {
    const readings = languages.map((language) => questionSimilarity(question, item.question, language)).filter((s) => s !== null);
    const terms = readings.length ? Math.max(...readings) : null;
    const score = terms ?? similarity(question, item.question);
    if (score >= (terms === null ? TRIGRAM_THRESHOLD : threshold) && (!best || score > best.score)) best = { item, score };
  }
  return best?.item ?? null;
}
