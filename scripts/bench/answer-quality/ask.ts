/**
 * Each question asked as a visitor asks it: one turn of the conversation engine (`runTurn`, extractive: no
 * LLM key), one at a time, timed. Read back: `answered` and the cited sources' pages, and the pages of the
 * chatbot's top_k passages (retrieval alone: what it could quote; for a refusal, did it hold the right page?). Next
 * to it, MiniSearch (BM25+, defaults) over the same pages' text, its first k pages at the k of our answer.
 */
import type { Db } from "@/server/kernel/db/client";
import { miniSearchOfPages } from "../docs-site";
import type { BenchQuestion } from "./questions";
import type { TrainedSet } from "./train";

export interface Outcome {
  q: BenchQuestion;
  answered: boolean;
  /** The answer's cited pages, in order. */
  cited: string[];
  /** The pages of the top_k passages retrieved for the question (what the answer could quote). */
  retrieved: string[];
  /** MiniSearch's first pages (10). */
  mini: string[];
  /** The k MiniSearch is scored at: the pages our answer cited, else the pages it would have quoted (≥ 1). */
  k: number;
  ms: number;
}

const distinct = (xs: Array<string | undefined>) => [...new Set(xs.filter((x): x is string => !!x))];

export async function askAll(db: Db, trained: TrainedSet, questions: BenchQuestion[]): Promise<Outcome[]> {
  const { runTurn, retrieveFor } = await import("@/server/conversations");
  const { chatbot, pathOf } = trained;
  const mini = miniSearchOfPages(trained.set.root, pathOf);
  // One turn first (connections, prepared statements, the tokenizer): not timed.
  await runTurn(db, { chatbot }, { message: "Hello?" });
  const outcomes: Outcome[] = [];
  for (const q of questions) {
    const t = performance.now();
    const out = await runTurn(db, { chatbot }, { message: q.question });
    const ms = performance.now() - t;
    const answered = "sources" in out.message && out.message.answered;
    const cited = "sources" in out.message ? distinct(out.message.sources.map((s) => pathOf.get(s.id))) : [];
    const retrieved = distinct((await retrieveFor(db, chatbot, q.question)).map((p) => pathOf.get(p.sourceId)));
    const k = Math.max(1, cited.length || retrieved.length);
    const found = distinct(mini.search(q.question).slice(0, 10).map((r) => pathOf.get(String(r.id))));
    outcomes.push({ q, answered, cited, retrieved, mini: found, k, ms });
  }
  return outcomes;
}

/** Whether any of `pages` is a right page of the question. */
export const hits = (o: Outcome, pages: string[]) => pages.some((p) => o.q.pages.includes(p));
