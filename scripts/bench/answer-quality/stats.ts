/** The figures of a group of outcomes (a set's questions of one kind, one framing, …). */
import { hits, type Outcome } from "./ask";

export interface Figures {
  n: number;
  /** A right page among the answer's cited pages (hit@k, k = the pages it cites; a refusal cites none). */
  cited: number;
  /** The first cited page is a right page. */
  first: number;
  /** Retrieval alone: a right page among the pages of the top_k passages, whatever the answer did with them. */
  retrieved: number;
  /** MiniSearch: a right page among its first k pages, and its first page. */
  mini: number;
  miniFirst: number;
  answered: number;
  /** Answered (`answered: true`) and citing a right page. */
  answeredRight: number;
  /** Answered without citing a right page (every answered unanswerable question). */
  answeredWrong: number;
  refused: number;
  /** Refused although a right page was among the top_k passages it would have quoted. */
  refusedRetrieved: number;
  p50: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
};

export function figuresOf(outcomes: Outcome[]): Figures {
  const count = (f: (o: Outcome) => boolean) => outcomes.filter(f).length;
  return {
    n: outcomes.length,
    cited: count((o) => hits(o, o.cited)),
    first: count((o) => hits(o, o.cited.slice(0, 1))),
    retrieved: count((o) => hits(o, o.retrieved)),
    mini: count((o) => hits(o, o.mini.slice(0, o.k))),
    miniFirst: count((o) => hits(o, o.mini.slice(0, 1))),
    answered: count((o) => o.answered),
    answeredRight: count((o) => o.answered && hits(o, o.cited)),
    answeredWrong: count((o) => o.answered && !hits(o, o.cited)),
    refused: count((o) => !o.answered),
    refusedRetrieved: count((o) => !o.answered && hits(o, o.retrieved)),
    p50: median(outcomes.map((o) => o.ms)),
  };
}

/** A share as "85.0 %" (— when there is nothing to share). */
export const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)} %` : "—");
export const rate = (n: number, of: number) => (of ? n / of : NaN);
