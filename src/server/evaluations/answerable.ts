/**
 * A generated test question is kept only when its own page answers it by the engine's grounding rule
 * (conversations' `groundedExtractive`, the function `composeReply` uses — never a copy): "What about
 * Contact?" on a contact page with an address but no phone or e-mail is a question no retrieval could pass,
 * and would lower the score for nothing. A page lost by a training still counts (lost-pages.ts).
 */
import { groundedExtractive } from "@/server/conversations";
import type { AnswerPassage } from "@/server/training";
import { expectedKey, type GeneratedQuestion } from "./generated-questions";

/** Where a generated question's expected page (or text source) is: its passages in order. */
export type PassagesOf = (question: GeneratedQuestion) => Promise<AnswerPassage[]>;

/** The first `max` candidates their own page answers; each page's passages are read once. */
export async function keepAnswerable(candidates: readonly GeneratedQuestion[], passagesOf: PassagesOf, max: number): Promise<GeneratedQuestion[]> {
  const kept: GeneratedQuestion[] = [];
  const read = new Map<string, Promise<AnswerPassage[]>>();
  for (const g of candidates) {
    if (kept.length >= max) break;
    let own = read.get(expectedKey(g));
    if (!own) read.set(expectedKey(g), (own = passagesOf(g)));
    if (groundedExtractive(g.question, await own)) kept.push(g);
  }
  return kept;
}
