/**
 * The bench's tables, as Markdown (they go into docs/performance.md as printed): every figure next to its
 * target, the held-out sets marked. Targets bind on the held-out sets; the tuning sets show them too.
 */
import type { Outcome } from "./ask";
import { QUESTION_KINDS, type QuestionKind } from "./questions";
import { figuresOf, pct, rate, type Figures } from "./stats";
import type { TrainedSet } from "./train";

export const TARGETS = { "known-item": 0.9, index: 0.85, precision: 0.9, refused: 0.9 } as const;

export interface SetResult {
  trained: TrainedSet;
  outcomes: Outcome[];
}

/** A Markdown table, columns padded to their widest cell. */
export function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

/** "85.0 % (≥ 90 % ✗)": a share next to its target. */
export function against(n: number, of: number, target: number | undefined): string {
  if (target === undefined || !of) return pct(n, of);
  return `${pct(n, of)} (≥ ${Math.round(target * 100)} % ${rate(n, of) >= target ? "✓" : "✗"})`;
}

/** Ours ahead of MiniSearch: ✓, level: =, behind: ✗. */
const ahead = (f: Figures) => (f.n ? (f.cited > f.mini ? "✓" : f.cited === f.mini ? "=" : "✗") : "—");
const label = (r: SetResult) => `${r.trained.set.name}${r.trained.set.role === "held-out" ? " (held out)" : " (tuning)"}`;
const ofKind = (r: SetResult, kind: QuestionKind) => figuresOf(r.outcomes.filter((o) => o.q.kind === kind));

export function setTable(r: SetResult): string {
  const { set, crawl } = r.trained;
  const head = `### ${label(r)}: ${set.title}\n\n${set.pages.length} pages served, ${crawl.pagesIndexed} indexed of ${crawl.pagesFound} found (${crawl.status}), ${crawl.chunks} chunks; index questions from ${set.indexSource}.\n`;
  const asked = QUESTION_KINDS.filter((kind) => r.outcomes.some((o) => o.q.kind === kind));
  const rows = asked.map((kind) => {
    const f = ofKind(r, kind);
    if (kind === "unanswerable") {
      return [kind, `${f.n}`, "—", "—", "—", "—", "—", pct(f.answered, f.n), "—", against(f.refused, f.n, TARGETS.refused), "—", `${f.answeredWrong}`, `${f.p50.toFixed(0)} ms`];
    }
    const target = kind === "how-to" ? undefined : TARGETS[kind];
    return [kind, `${f.n}`, against(f.cited, f.n, target), pct(f.first, f.n), `${pct(f.mini, f.n)} ${ahead(f)}`, pct(f.miniFirst, f.n), pct(f.retrieved, f.n), pct(f.answered, f.n), against(f.answeredRight, f.answered, TARGETS.precision), pct(f.refused, f.n), `${f.refusedRetrieved}`, `${f.answeredWrong}`, `${f.p50.toFixed(0)} ms`];
  });
  const all = figuresOf(r.outcomes);
  rows.push(["all", `${all.n}`, "", "", "", "", "", pct(all.answered, all.n), against(all.answeredRight, all.answered, TARGETS.precision), pct(all.refused, all.n), `${all.refusedRetrieved}`, `${all.answeredWrong}`, `${all.p50.toFixed(0)} ms`]);
  return `${head}\n${table(["kind", "n", "right page cited", "first cited", "MiniSearch@k (ours ahead)", "MiniSearch first", "right page retrieved (top_k)", "answered", "precision of answered", "refused", "refused, right page retrieved", "answered, no right page", "p50"], rows)}\n`;
}

export function summaryTable(results: SetResult[]): string {
  const rows = results.map((r) => {
    const [known, index, howTo, none] = QUESTION_KINDS.map((k) => ofKind(r, k));
    const all = figuresOf(r.outcomes);
    const everyKind = [known!, index!, howTo!].every((f) => f.cited > f.mini) ? "✓" : "✗";
    return [label(r), against(known!.cited, known!.n, TARGETS["known-item"]), against(index!.cited, index!.n, TARGETS.index), against(all.answeredRight, all.answered, TARGETS.precision), against(none!.refused, none!.n, TARGETS.refused), everyKind];
  });
  return table(["set", "known-item right page cited", "index right page cited", "precision of answered (all kinds)", "unanswerable refused", "ahead of MiniSearch (every kind)"], rows);
}

/** Hit rates per framing, over all sets: which framings sink retrieval. */
export function framingTable(results: SetResult[]): string {
  const outcomes = results.flatMap((r) => r.outcomes.filter((o) => o.q.kind !== "unanswerable"));
  const keys = [...new Set(outcomes.map((o) => `${o.q.kind}\t${o.q.framing}`))].sort();
  const rows = keys.map((key) => {
    const [kind, framing] = key.split("\t") as [string, string];
    const f = figuresOf(outcomes.filter((o) => o.q.kind === kind && o.q.framing === framing));
    return [kind, framing, `${f.n}`, pct(f.cited, f.n), pct(f.answered, f.n), pct(f.answeredRight, f.answered), pct(f.refusedRetrieved, f.n), pct(f.mini, f.n)];
  });
  return table(["kind", "framing", "n", "right page cited", "answered", "precision of answered", "refused, right page retrieved", "MiniSearch@k"], rows);
}

/** Right page cited per framing (rows) and language (columns), "cited % of n": which framing sinks which language. */
export function framingByLanguage(results: SetResult[]): string {
  const outcomes = results.flatMap((r) => r.outcomes.map((o) => ({ o, language: r.trained.set.language })));
  const keys = [...new Set(outcomes.map(({ o }) => `${o.q.kind}\t${o.q.framing}`))].sort();
  const languages = results.map((r) => r.trained.set.language);
  const rows = keys.map((key) => {
    const [kind, framing] = key.split("\t") as [string, string];
    return [kind, framing, ...languages.map((l) => {
      const f = figuresOf(outcomes.filter(({ o, language }) => language === l && o.q.kind === kind && o.q.framing === framing).map(({ o }) => o));
      return f.n ? `${pct(f.cited, f.n)} of ${f.n}` : "—";
    })];
  });
  return table(["kind", "framing", ...languages], rows);
}

/** The languages mode: known-item and index (and how-to) per language, next to MiniSearch. */
export function languageTable(results: SetResult[]): string {
  const rows = results.map((r) => {
    const [known, index, howTo] = (["known-item", "index", "how-to"] as const).map((k) => ofKind(r, k));
    const all = figuresOf(r.outcomes);
    return [
      `${r.trained.set.language} (${r.trained.crawl.pagesIndexed} pages)`,
      against(known!.cited, known!.n, TARGETS["known-item"]),
      `${pct(known!.mini, known!.n)} ${ahead(known!)}`,
      pct(known!.retrieved, known!.n),
      against(index!.cited, index!.n, TARGETS.index),
      `${pct(index!.mini, index!.n)} ${ahead(index!)}`,
      pct(index!.retrieved, index!.n),
      pct(howTo!.cited, howTo!.n),
      `${pct(howTo!.mini, howTo!.n)} ${ahead(howTo!)}`,
      against(all.answeredRight, all.answered, TARGETS.precision),
      `${all.refusedRetrieved}`,
      `${all.p50.toFixed(0)} ms`,
    ];
  });
  return table(["language", "known-item cited", "MiniSearch@k", "known-item retrieved", "index cited", "MiniSearch@k", "index retrieved", "how-to cited", "MiniSearch@k", "precision of answered", "refused, right page retrieved", "p50"], rows);
}

/** Questions whose right page was not cited, with what was cited (or retrieved, for a refusal). */
export function misses(r: SetResult, max: number): string[] {
  const missed = r.outcomes.filter((o) => (o.q.kind === "unanswerable" ? o.answered : !o.cited.some((p) => o.q.pages.includes(p))));
  return missed.slice(0, max).map((o) => {
    const got = o.answered ? `answered citing ${o.cited.join(", ") || "nothing"}` : `refused (top_k pages: ${o.retrieved.join(", ") || "none"})`;
    return `  [${o.q.kind}/${o.q.framing}] "${o.q.question}" → ${o.q.pages.join(", ") || "(unanswerable)"}; ${got}`;
  });
}
