/**
 * Lost pages count in the quality score (docs/decisions/087-lost-pages-count-in-the-quality-score.md).
 * Generated questions come from the chatbot's current pages, so a training that loses pages would also lose
 * their questions, and the score would not move. A run therefore asks again the previous completed run's
 * generated questions whose expected page is gone: they fail (their page cannot be found) and the drop shows,
 * flagged, at the training that lost the pages. Only questions asked there with their page present are taken:
 * the loss counts once, at the run after it, and later runs measure the chatbot on the pages it has. Pure.
 */
import type { QuestionResult } from "./scoring";

export interface LostPageQuestion {
  question: string;
  /** As asked before (absent from runs stored before questions had kinds). */
  kind?: QuestionResult["kind"];
  expectedFact?: string | null;
  expectedUrl: string;
  expectedTitle: string | null;
}

export function lostPageQuestions(previous: readonly QuestionResult[], livePages: ReadonlySet<string>): LostPageQuestion[] {
  const seen = new Set<string>();
  const out: LostPageQuestion[] = [];
  for (const r of previous) {
    if (r.origin !== "generated" || r.page_missing || r.expected_url === null || livePages.has(r.expected_url)) continue;
    const key = `${r.expected_url}\n${r.question}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ question: r.question, kind: r.kind, expectedFact: r.expected_fact, expectedUrl: r.expected_url, expectedTitle: r.expected_title });
  }
  return out;
}
