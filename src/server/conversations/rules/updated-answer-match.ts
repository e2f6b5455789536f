/**
 * "Updated answers win" (docs/decisions/021-the-answer-pipeline.md): a question close enough to an updated
 * answer's question gets its `suggested_answer` verbatim. Closeness is the
 * trigram similarity of pg_trgm (shared trigrams over all trigrams of the
 * two normalised texts), computed here so the rule is pure and tested.
 */
import { normalizeQuestion } from "@/server/analytics";

/** Tuned on paraphrases ("opening hours?" / "what are your opening hours") vs. other questions. */
export const UPDATED_ANSWER_THRESHOLD = 0.5;

export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of normalizeQuestion(text).split(" ").filter(Boolean)) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return out;
}

export function similarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  if (ta.size === 0 || tb.size === 0) return 0;
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

export function matchUpdatedAnswer<T extends { question: string }>(question: string, candidates: T[], threshold = UPDATED_ANSWER_THRESHOLD): T | null {
  let best: { item: T; score: number } | null = null;
  for (const item of candidates) {
    const score = similarity(question, item.question);
    if (score >= threshold && (!best || score > best.score)) best = { item, score };
  }
  return best?.item ?? null;
}
