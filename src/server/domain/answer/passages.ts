/** A retrieved passage as the answer steps see it (the retrieval module's `Passage`). */
export interface AnswerPassage {
  chunkId: string;
  sourceId: string;
  url: string | null;
  title: string;
  headingPath: string;
  content: string;
  score: number;
}

/** A source an answer used, as recorded on the message and returned by the API. */
export interface UsedSource {
  id: string;
  url: string | null;
  title: string;
}

/** Distinct sources of the passages, in passage order. */
export function sourcesOf(passages: AnswerPassage[]): UsedSource[] {
  const seen = new Map<string, UsedSource>();
  for (const p of passages) if (!seen.has(p.sourceId)) seen.set(p.sourceId, { id: p.sourceId, url: p.url, title: p.title });
  return [...seen.values()];
}
