/**
 * Unanswered questions grouped by what they ask (docs/decisions/113-the-value-report.md): deterministic
 * complete-linkage agglomerative clustering over a question similarity — the conversation engine's own
 * rule for "close enough to an updated answer" (conversations' `questionSimilarity`: stemmed key terms in
 * common, typos meeting their word, and never two questions asking for different kinds of fact). Complete
 * linkage with the engine's threshold means every two questions of a cluster are that close: one updated
 * answer written for the cluster's question answers all of them. Pure: the similarity is passed in.
 */
import { createHash } from "node:crypto";
import { keywords, normalizeQuestion } from "@/server/analytics";

export interface AskedQuestion {
  text: string;
  count: number;
}

export interface QuestionCluster {
  /** Stable across renders and periods: the normalised wording of its question. */
  key: string;
  /** The most asked question of the cluster (ties: alphabetical): what "Answer this" fills in. */
  question: string;
  /** A few words naming what it is about. */
  label: string;
  /** Times its questions were asked. */
  count: number;
  /** Up to `maxExamples` other wordings, most asked first. */
  examples: string[];
}

/** How questions are compared: each read once (`prepare`), then 0..1 closeness of two, or null when either has nothing to compare (no key term). */
export interface Similarity<P> {
  prepare(text: string): P;
  similarity(a: P, b: P): number | null;
}

export interface ClusterOptions {
  threshold: number;
  /** Distinct questions considered, the most asked first (the work is cubic in it). */
  maxQuestions?: number;
  maxExamples?: number;
}

export const clusterKey = (question: string) => createHash("sha256").update(normalizeQuestion(question)).digest("hex").slice(0, 16);

const byCountThenText = (a: AskedQuestion, b: AskedQuestion) => b.count - a.count || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0);

/** Questions that normalise alike are one question (counts added, the most asked spelling kept). */
export function mergeWordings(questions: AskedQuestion[]): AskedQuestion[] {
  const merged = new Map<string, { text: string; count: number; best: number }>();
  for (const q of questions) {
    const norm = normalizeQuestion(q.text);
    if (!norm || q.count <= 0) continue;
    const text = q.text.trim();
    const entry = merged.get(norm);
    if (!entry) merged.set(norm, { text, count: q.count, best: q.count });
    else {
      entry.count += q.count;
      if (q.count > entry.best || (q.count === entry.best && text < entry.text)) Object.assign(entry, { text, best: q.count });
    }
  }
  return [...merged.values()].map(({ text, count }) => ({ text, count })).sort(byCountThenText);
}

/** The words most of the cluster's asks share, in the order its question uses them (at most three). */
function labelOf(members: AskedQuestion[], total: number): string {
  const keysOf = members.map((m) => ({ keys: keywords(m.text), count: m.count }));
  const weight = new Map<string, number>();
  for (const { keys, count } of keysOf) for (const key of keys.keys()) weight.set(key, (weight.get(key) ?? 0) + count);
  const lead = keysOf[0]!.keys;
  const shared = [...lead.keys()].filter((k) => (weight.get(k) ?? 0) * 2 >= total).slice(0, 3);
  const words = (shared.length ? shared : [...lead.keys()].slice(0, 1)).map((k) => lead.get(k)!);
  const label = words.join(" ");
  return label ? label[0]!.toUpperCase() + label.slice(1) : members[0]!.text;
}

/** Clusters of the questions, the most asked first (ties: by question). */
export function clusterQuestions<P>(questions: AskedQuestion[], compare: Similarity<P>, opts: ClusterOptions): QuestionCluster[] {
  const maxExamples = opts.maxExamples ?? 3;
  const items = mergeWordings(questions)
    .map((q) => ({ ...q, prepared: compare.prepare(q.text) }))
    .filter((q) => compare.similarity(q.prepared, q.prepared) !== null)
    .slice(0, opts.maxQuestions ?? 200);
  const n = items.length;
  // sim[i][j]: complete linkage between the clusters led by i and j (the least close pair of their members); symmetric.
  const sim = items.map(() => new Array<number>(n).fill(1));
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) sim[i]![j] = sim[j]![i] = compare.similarity(items[i]!.prepared, items[j]!.prepared) ?? 0;
  }
  const members = items.map((_, i) => [i]);
  const alive = new Array<boolean>(n).fill(true);
  for (;;) {
    let best = -1;
    let pair: [number, number] | null = null;
    for (let i = 0; i < n; i++) {
      if (!alive[i]) continue;
      for (let j = i + 1; j < n; j++) {
        if (alive[j] && sim[i]![j]! >= opts.threshold && sim[i]![j]! > best) [best, pair] = [sim[i]![j]!, [i, j]];
      }
    }
    if (!pair) break;
    const [i, j] = pair;
    // The lower index leads (it is the more asked): j joins i.
    members[i]!.push(...members[j]!);
    alive[j] = false;
    for (let k = 0; k < n; k++) {
      if (!alive[k] || k === i) continue;
      const linked = Math.min(sim[i]![k]!, sim[j]![k]!);
      sim[i]![k] = linked;
      sim[k]![i] = linked;
    }
  }
  const clusters: QuestionCluster[] = [];
  for (let i = 0; i < n; i++) {
    if (!alive[i]) continue;
    const asked = members[i]!.map((m) => ({ text: items[m]!.text, count: items[m]!.count })).sort(byCountThenText);
    const count = asked.reduce((s, q) => s + q.count, 0);
    clusters.push({
      key: clusterKey(asked[0]!.text),
      question: asked[0]!.text,
      label: labelOf(asked, count),
      count,
      examples: asked.slice(1, 1 + maxExamples).map((q) => q.text),
    });
  }
  return clusters.sort((a, b) => b.count - a.count || (a.question < b.question ? -1 : a.question > b.question ? 1 : 0));
}
