/**
 * A chatbot's quality score (docs/decisions/063-chatbot-quality-score.md): pure, so the dashboard
 * shows the same rule the job applies.
 *
 * Each test question is asked of the chatbot's retrieval (the passages an answer draws on) and its grounding
 * rule (whether the extractive answer addresses the question):
 * - hit: the expected page is among the chatbot's `top_k` passages (what an answer cites from);
 * - first hit: the first passage comes from it; reciprocal rank: 1 / the rank of its first passage in the
 *   first 10 (MRR@10);
 * - grounded: the engine would answer rather than give its default answer.
 * A question matched by an updated answer is answered by the owner's own words: it passes whole. A question
 * without an expected page is judged on grounding alone. A question of a page's facts (a time, a price, an
 * address…: docs/decisions/131-questions-from-the-pages-facts.md) passes only when the answer cites that page
 * and says the fact; an updated answer, citing no page, when it says the fact. The score is the share of
 * questions passed, 0..100.
 */

export const MRR_DEPTH = 10;

/** A training that lowers the score by more than this many points is flagged. */
export const SCORE_DROP_FLAG = 5;

export type QuestionOrigin = "user" | "generated";

export interface QuestionResult {
  question: string;
  origin: QuestionOrigin;
  /**
   * What a generated question asks about: a heading of its page, or one of its facts (a time, a price, a
   * place, a contact, a task). Null for the owner's own; absent from runs stored before it existed.
   */
  kind?: "heading" | "time" | "price" | "place" | "contact" | "how_to" | null;
  /** The fact the answer must say, as its page says it (a fact question only). */
  expected_fact?: string | null;
  /** Whether the answer says it (null: no fact asked for). */
  fact_found?: boolean | null;
  /** What the chatbot would answer without an LLM (null: its default answer). */
  answer?: string | null;
  /** The user's test question it came from (null: generated from the chatbot's pages). */
  question_id: string | null;
  expected_url: string | null;
  /** The expected source when it has no url (a text, a file); absent from runs stored before texts had questions. */
  expected_source_id?: string | null;
  expected_title: string | null;
  /** Rank of the expected page's first passage among the first MRR_DEPTH (null: not there, or no expected page). */
  rank: number | null;
  hit: boolean;
  grounded: boolean;
  passed: boolean;
  /** How the engine would reply: an updated answer, an answer from the passages, or the default answer. */
  via: "updated_answer" | "passages" | "default";
  /** The pages of the passages found, best first (at most top_k). */
  found: Array<{ title: string; url: string | null }>;
  /**
   * Its expected page was among the chatbot's pages at the run before and is not any more (lost by a
   * training): asked again so the loss counts (lost-pages.ts). Absent from runs stored before it existed.
   */
  page_missing?: boolean;
}

export interface Rates {
  question_count: number;
  hit_rate: number | null;
  first_hit_rate: number | null;
  mrr: number | null;
  grounded_rate: number | null;
  score: number | null;
}

const share = (n: number, of: number) => (of ? n / of : null);

/** Whether a question names the page (or the text, the file) that should answer it. */
const namesPage = (r: QuestionResult) => r.expected_url !== null || (r.expected_source_id ?? null) !== null;

/** The rates of a run: retrieval rates over the questions that name a page, grounding and score over all. */
export function ratesOf(results: QuestionResult[]): Rates {
  const withPage = results.filter(namesPage);
  const rr = withPage.reduce((s, r) => s + (r.via === "updated_answer" ? 1 : r.rank ? 1 / r.rank : 0), 0);
  const passed = results.filter((r) => r.passed).length;
  return {
    question_count: results.length,
    hit_rate: share(withPage.filter((r) => r.hit).length, withPage.length),
    first_hit_rate: share(withPage.filter((r) => r.via === "updated_answer" || r.rank === 1).length, withPage.length),
    mrr: share(rr, withPage.length),
    grounded_rate: share(results.filter((r) => r.grounded).length, results.length),
    score: results.length ? Math.round((1000 * passed) / results.length) / 10 : null,
  };
}

/**
 * One question's verdict from the rank of its expected page (`expected`: its url or source, null when none),
 * the grounding rule and, for a fact question, whether the answer cites its page and says the fact.
 */
export function verdict(input: { expected: string | null; rank: number | null; topK: number; grounded: boolean; updatedAnswer: boolean; fact?: { cited: boolean; said: boolean } }) {
  const factHeld = input.fact === undefined || (input.fact.cited && input.fact.said);
  if (input.updatedAnswer) return { hit: true, grounded: true, passed: factHeld };
  const hit = input.expected === null ? false : input.rank !== null && input.rank <= input.topK;
  return { hit, grounded: input.grounded, passed: input.grounded && (input.expected === null || hit) && factHeld };
}

/** Whether a run lowered the score by more than SCORE_DROP_FLAG points from the run before it. */
export function scoreDropped(run: { score: number | null; previous_score: number | null }): boolean {
  return run.score !== null && run.previous_score !== null && run.previous_score - run.score > SCORE_DROP_FLAG;
}
