/**
 * The answer without a language model (docs/decisions/022-generation-keys-and-extractive-answers.md): the sentences of the
 * best passages that share the most terms with the question, in passage
 * order; the pages they come from are its `sources`.
 *
 * A heading is context, not a sentence of the answer: its words count for the
 * sentences under it (a section titled "Opening hours" answers "when are you
 * open?"), but it is never quoted. A sentence never runs across a paragraph
 * (a list item, a table row): each quoted paragraph starts a line.
 */
import { keywords } from "@/server/analytics";
import { answerKind, carriesKind, groundingScore, type AnswerKind } from "@/server/conversations/rules/grounding";
import { passageParagraphs, sourcesOf, type AnswerPassage, type UsedSource } from "@/server/training";

export const MAX_QUOTED_SENTENCES = 3;

/** A sentence is quoted only when it shares at least this share of the best sentence's terms. */
const RELEVANT_SHARE = 0.67;

/** The sentences of one paragraph (whitespace folded). */
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
  paragraph: number;
  position: number;
  /** Question terms in the sentence or in its heading. */
  overlap: number;
  /** Question terms in the sentence itself (breaks ties: the sentence that says it beats its neighbours). */
  ownOverlap: number;
  /** The heading of its paragraph. */
  context: string;
}

/** A sentence carrying the kind of fact asked for (an address for "where is…?") counts one term more. */
function candidatesOf(terms: Set<string>, kind: AnswerKind | null, passages: AnswerPassage[]): Candidate[] {
  const shared = (text: string) => new Set([...keywords(text).keys()].filter((k) => terms.has(k)));
  const candidates: Candidate[] = [];
  passages.forEach((passage, rank) => {
    let position = 0;
    passageParagraphs(passage).forEach(({ heading, text }, paragraph) => {
      const fromHeading = shared(heading);
      for (const sentence of splitSentences(text)) {
        const own = shared(sentence);
        const shares = own.size + fromHeading.size > 0;
        const overlap = new Set([...own, ...fromHeading]).size + (shares && kind && carriesKind(kind, sentence) ? 1 : 0);
        candidates.push({ sentence, passage, rank, paragraph, position: position++, overlap, ownOverlap: own.size, context: heading });
      }
    });
  });
  return candidates;
}

/** The picked sentences in passage order: a paragraph's sentences on one line, each paragraph on its own. */
function render(picked: Candidate[]): string {
  const lines: string[] = [];
  const seen = new Set<string>();
  let previous: Candidate | undefined;
  for (const c of picked) {
    if (seen.has(c.sentence)) continue;
    seen.add(c.sentence);
    const sameParagraph = previous && previous.rank === c.rank && previous.paragraph === c.paragraph;
    if (sameParagraph && lines.length) lines[lines.length - 1] += ` ${c.sentence}`;
    else lines.push(c.sentence);
    previous = c;
  }
  return lines.join("\n");
}

export interface ExtractiveAnswer {
  content: string;
  sources: UsedSource[];
  /** How well the quoted sentences address the question (grounding.ts); served only from GROUNDING_THRESHOLD. */
  grounding: number;
}

export function composeExtractiveAnswer(question: string, passages: AnswerPassage[], maxSentences = MAX_QUOTED_SENTENCES): ExtractiveAnswer | null {
  if (passages.length === 0) return null;
  const candidates = candidatesOf(new Set(keywords(question).keys()), answerKind(question), passages);
  if (candidates.length === 0) return null;
  // Only sentences nearly as relevant as the best one: a sentence sharing one word of three is not quoted
  // next to one sharing all of them (it would cite a page the answer does not come from).
  const best = Math.max(0, ...candidates.map((c) => c.overlap));
  const matching = candidates.filter((c) => c.overlap > 0 && c.overlap >= best * RELEVANT_SHARE);
  // Nothing shares a term (the passage matched on a typo or a trigram): quote the best passage's opening.
  const picked = (
    matching.length
      ? [...matching].sort((a, b) => b.overlap - a.overlap || a.rank - b.rank || b.ownOverlap - a.ownOverlap || a.position - b.position)
      : candidates.filter((c) => c.rank === 0)
  )
    .slice(0, maxSentences)
    .sort((a, b) => a.rank - b.rank || a.position - b.position);
  // The sources travel structured (`sources`), each surface draws them as links: the text is the answer only.
  const used = sourcesOf(picked.map((c) => c.passage));
  const body = render(picked);
  const grounding = groundingScore(
    question,
    picked.map((c) => ({ sentence: c.sentence, context: `${c.passage.title} ${c.passage.headingPath} ${c.context}` })),
    passages.map((p) => `${p.title} ${p.headingPath} ${p.content}`),
  );
  return { content: body, sources: used, grounding };
}
