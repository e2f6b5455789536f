/**
 * The answer without a language model (DESIGN §10.2): the sentences of the
 * best passages that share the most terms with the question, in passage
 * order, followed by links to their sources.
 */
import { keywords } from "@/server/domain/question-themes";
import { sourcesOf, type AnswerPassage, type UsedSource } from "./passages";

export const MAX_QUOTED_SENTENCES = 3;

export function splitSentences(text: string): string[] {
  return text
    .replace(/\s+/g, " ")
    .split(/(?<=[.!?…])\s+(?=[\p{Lu}\p{N}"“(])/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 1);
}

interface Candidate {
  sentence: string;
  passage: AnswerPassage;
  rank: number;
  position: number;
  overlap: number;
}

export function composeExtractiveAnswer(question: string, passages: AnswerPassage[], maxSentences = MAX_QUOTED_SENTENCES): { content: string; sources: UsedSource[] } | null {
  if (passages.length === 0) return null;
  const terms = new Set(keywords(question).keys());
  const candidates: Candidate[] = [];
  passages.forEach((passage, rank) => {
    splitSentences(passage.content).forEach((sentence, position) => {
      const overlap = [...keywords(sentence).keys()].filter((k) => terms.has(k)).length;
      candidates.push({ sentence, passage, rank, position, overlap });
    });
  });
  if (candidates.length === 0) return null;
  const matching = candidates.filter((c) => c.overlap > 0);
  // Nothing shares a term (the passage matched on a typo or a trigram): quote the best passage's opening.
  const picked = (matching.length ? [...matching].sort((a, b) => b.overlap - a.overlap || a.rank - b.rank || a.position - b.position) : candidates.filter((c) => c.rank === 0))
    .slice(0, maxSentences)
    .sort((a, b) => a.rank - b.rank || a.position - b.position);
  const used = sourcesOf(picked.map((c) => c.passage));
  const links = used.filter((s) => s.url).map((s) => `[${s.title || s.url}](${s.url})`);
  const body = [...new Set(picked.map((c) => c.sentence))].join(" ");
  return { content: links.length ? `${body}\n\nSources: ${links.join(", ")}` : body, sources: used };
}
