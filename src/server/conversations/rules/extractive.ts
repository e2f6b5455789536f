/**
 * The answer without a language model (docs/decisions/022-generation-keys-and-extractive-answers.md,
 * docs/decisions/115-one-language-toolkit.md): the sentences of one retrieved page that share the most of
 * the question's content terms, in passage order; that page is its `sources`. The page is the one whose
 * quoted sentences answer the question best (grounding.ts), so an answer never stitches one term from one
 * page to another term from another and cites both.
 *
 * A heading is context, not a sentence of the answer: its words count for the sentences under it (a section
 * titled "Opening hours" answers "when are you open?"), but it is never quoted. A sentence never runs across
 * a paragraph (a list item, a table row): each quoted paragraph starts a line. Sentences are whole (the
 * language's sentence ends and abbreviations: kernel/language), read as prose (no Markdown, no code:
 * quotable.ts) and, together, fit the configured length.
 */
import { answerKind, carriesKind, questionTerms, termsOf, type AnswerKind } from "@/server/kernel/language";
import { sentencesOf } from "@/server/kernel/language/sentences";
import { groundingScore, keysOf } from "@/server/conversations/rules/grounding";
import { isQuotable, withoutMarkup } from "@/server/conversations/rules/quotable";
import { countTokens } from "@/server/conversations/rules/shaping";
import { passageParagraphs, sourcesOf, type AnswerPassage, type UsedSource } from "@/server/training";

export const MAX_QUOTED_SENTENCES = 3;

/** A sentence is quoted only when it shares at least this share of the best sentence's terms. */
const RELEVANT_SHARE = 0.67;

/** The sentences of one paragraph, whole (the language's sentence ends and abbreviations). */
export function splitSentences(text: string, language: string | null | undefined = "en"): string[] {
  return sentencesOf(text, language);
}

/** What may be quoted of a paragraph: its prose sentences, markup reduced to words. */
const quotableSentences = (text: string, language: string) => splitSentences(text, language).filter(isQuotable).map(withoutMarkup);

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
function candidatesOf(terms: Set<string>, kind: AnswerKind | null, passages: AnswerPassage[], language: string): Candidate[] {
  const shared = (text: string) => new Set([...termsOf(text, language).keys()].filter((k) => terms.has(k)));
  const candidates: Candidate[] = [];
  passages.forEach((passage, rank) => {
    let position = 0;
    passageParagraphs(passage).forEach(({ heading, text }, paragraph) => {
      const fromHeading = shared(heading);
      for (const sentence of quotableSentences(text, language)) {
        const own = shared(sentence);
        const shares = own.size + fromHeading.size > 0;
        const overlap = new Set([...own, ...fromHeading]).size + (shares && kind && carriesKind(kind, sentence, language) ? 1 : 0);
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
  for (const c of [...picked].sort((a, b) => a.rank - b.rank || a.position - b.position)) {
    if (seen.has(c.sentence)) continue;
    seen.add(c.sentence);
    const sameParagraph = previous && previous.rank === c.rank && previous.paragraph === c.paragraph;
    if (sameParagraph && lines.length) lines[lines.length - 1] += ` ${c.sentence}`;
    else lines.push(c.sentence);
    previous = c;
  }
  return lines.join("\n");
}

/** Best first: most terms, the better-ranked passage, the sentence saying it itself, the earlier one. */
const byRelevance = (a: Candidate, b: Candidate) => b.overlap - a.overlap || a.rank - b.rank || b.ownOverlap - a.ownOverlap || a.position - b.position;

/** Sentences in order of preference, as many as fit the limit (the first always: shaping cuts one sentence longer than it). */
function fitting(ordered: Candidate[], max: number, tokenLimit: number | null): Candidate[] {
  const out: Candidate[] = [];
  for (const c of ordered) {
    if (out.length === max) break;
    if (out.length && tokenLimit !== null && countTokens(render([...out, c])) > tokenLimit) continue;
    out.push(c);
  }
  return out;
}

export interface ExtractiveAnswer {
  content: string;
  sources: UsedSource[];
  /** How well the quoted sentences address the question (grounding.ts); served only from GROUNDING_THRESHOLD. */
  grounding: number;
}

export interface ExtractiveOptions {
  /** The question's language (the chatbot's `default_language` unless the question says otherwise). */
  language?: string | null;
  maxSentences?: number;
  /** The workspace's `response_token_limit`: the quoted sentences fit within it. */
  tokenLimit?: number | null;
}

export function composeExtractiveAnswer(question: string, passages: AnswerPassage[], options: ExtractiveOptions = {}): ExtractiveAnswer | null {
  const language = options.language ?? "en";
  const max = options.maxSentences ?? MAX_QUOTED_SENTENCES;
  if (passages.length === 0) return null;
  const terms = new Set(questionTerms(question, language).content.keys());
  const candidates = candidatesOf(terms, answerKind(question, language), passages, language);
  if (candidates.length === 0) return null;
  const retrieved = keysOf(passages.map((p) => `${p.title} ${p.headingPath} ${p.content}`), language);
  const answerFrom = (picked: Candidate[]): ExtractiveAnswer => ({
    // The sources travel structured (`sources`), each surface draws them as links: the text is the answer only.
    content: render(picked),
    sources: sourcesOf(picked.map((c) => c.passage)),
    grounding: groundingScore(
      question,
      picked.map((c) => ({ sentence: c.sentence, context: `${c.passage.title} ${c.passage.headingPath} ${c.context}` })),
      retrieved,
      language,
    ),
  });
  // Nothing shares a term (the passage matched on a typo or a trigram): the best passage's opening.
  if (!candidates.some((c) => c.overlap > 0)) return answerFrom(fitting(candidates.filter((c) => c.rank === 0), max, options.tokenLimit ?? null));
  // Per page, only sentences nearly as relevant as its best one: a sentence sharing one word of three is not
  // quoted next to one sharing all of them. The answer is the page whose quoted sentences answer best.
  const pages = new Map<string, Candidate[]>();
  for (const c of candidates) if (c.overlap > 0) pages.set(c.passage.sourceId, [...(pages.get(c.passage.sourceId) ?? []), c]);
  let best: { answer: ExtractiveAnswer; top: Candidate } | null = null;
  for (const page of pages.values()) {
    const ordered = page.sort(byRelevance);
    const top = ordered[0]!;
    const picked = fitting(ordered.filter((c) => c.overlap >= top.overlap * RELEVANT_SHARE), max, options.tokenLimit ?? null);
    const answer = answerFrom(picked);
    if (!best || answer.grounding > best.answer.grounding || (answer.grounding === best.answer.grounding && byRelevance(top, best.top) < 0)) best = { answer, top };
  }
  return best!.answer;
}
