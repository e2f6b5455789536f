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
 * quotable.ts) and, together, fit the configured length. Each passage's sentences are read in its own
 * language (passageLanguage), the question in its own.
 */
import { answerKind, askedKindOnly, asksHowTo, carriesKind, questionTerms, statesKind, termsOf, type AnswerKind } from "@/server/kernel/language";
import { sentencesOf } from "@/server/kernel/language/sentences";
import { GROUNDING_THRESHOLD, groundingScore, keysIn, keysOf, met, spelt } from "@/server/conversations/rules/grounding";
import { isQuotable, withoutMarkup } from "@/server/conversations/rules/quotable";
import { countTokens } from "@/server/conversations/rules/shaping";
import { HEADING_SEPARATOR, passageParagraphs, sourcesOf, type AnswerPassage, type UsedSource } from "@/server/training";

export const MAX_QUOTED_SENTENCES = 3;

/** A sentence is quoted only when it shares at least this share of the best sentence's terms. */
const RELEVANT_SHARE = 0.67;

/**
 * A question asking how to do something is answered only from a page whose heading over the quoted sentences
 * names at least this share of the task (namedShare): "How do I install packages?" from "Installing packages".
 */
const HOW_TO_NAMED = 0.5;

/**
 * …or from a page one of whose quoted lines names the task nearly by itself (namedShare of the line: more than
 * two thirds), a heading the page's text carries as a line of its own (a table of contents, a title in bold):
 * "How do I recover lost changes?" from the line "Recovering lost changes", not from "Users installed packages
 * from floppy disks".
 */
const HOW_TO_LINE = 0.67;

/** Shared terms over all terms of a sentence and the question from which the sentence restates the question. */
const RESTATES = 0.75;

/** The sentences of one paragraph, whole (the language's sentence ends and abbreviations). */
export function splitSentences(text: string, language: string | null | undefined = "en"): string[] {
  return sentencesOf(text, language);
}

/** What may be quoted of a paragraph: its prose sentences, markup reduced to words. */
const quotableSentences = (text: string, language: string) => splitSentences(text, language).filter(isQuotable).map(withoutMarkup);

/**
 * The language a passage's sentences are read in — split, their stop words, stems and cues — its own
 * (AnswerPassage `language`: docs/decisions/146-answers-read-passages-in-their-own-language.md), else the
 * question's. The question's words stay read in the question's language and meet the passage's under their key
 * in either (grounding.ts keysIn).
 */
export const passageLanguage = (passage: Pick<AnswerPassage, "language">, questionLanguage: string) => passage.language || questionLanguage;

/** A passage's text, read in its language (keysOf). */
const written = (passage: AnswerPassage, language: string) => ({ text: `${passage.title} ${passage.headingPath} ${passage.content}`, language: passageLanguage(passage, language) });

/**
 * Whether a passage states a fact of the kind (kernel/language statesKind) in a sentence an answer may quote:
 * what retrieval keeps for a question asking only for the kind (compose.ts retrieveFor). `language`: the
 * question's; the passage's sentences are read in their own (passageLanguage).
 */
export function statesKindIn(kind: AnswerKind, passage: AnswerPassage, language: string): boolean {
  const read = passageLanguage(passage, language);
  const headings = `${passage.title} ${passage.headingPath.split(HEADING_SEPARATOR).join(" ")}`;
  return passageParagraphs(passage).some(({ heading, text }) => quotableSentences(text, read).some((sentence) => statesKind(kind, sentence, `${headings} ${heading}`, read)));
}

interface Candidate {
  sentence: string;
  passage: AnswerPassage;
  /** The language its passage is read in (passageLanguage). */
  language: string;
  rank: number;
  paragraph: number;
  position: number;
  /** Question terms in the sentence or in its heading. */
  overlap: number;
  /** Question terms in the sentence itself (breaks ties: the sentence that says it beats its neighbours). */
  ownOverlap: number;
  /** The sentence restates the question: nearly all its own terms are the question's (three or more). */
  restates: boolean;
  /** The heading of its paragraph. */
  heading: string;
  /** The headings it stands under: its paragraph's and the sections' above it. */
  context: string;
  /** How exactly one of its headings (or its page's title) names the question's subject (namedShare). */
  named: number;
}

/** The question's content terms (key → word) a text holds, as grounding.ts meets them (a typo only for a term no passage spells). */
type TermsIn = (text: string, read: string) => Set<string>;

function termsMatcher(terms: Map<string, string>, passages: AnswerPassage[], language: string): TermsIn {
  const anywhere = keysOf(passages.map((p) => written(p, language)), language);
  const asSpelt = new Map([...terms].map((t) => [t[0], spelt(t, anywhere)]));
  return (text, read) => {
    const said = keysOf([text], read);
    return new Set([...terms].filter((t) => met(t, said, !asSpelt.get(t[0]))).map(([key]) => key));
  };
}

/**
 * A sentence carrying the kind of fact asked for (an address for "where is…?") counts one term more; for a
 * question asking only for the kind (`kindOnly`: "Where are you located?"), so does a sentence stating such a
 * fact (statesKind), whatever words it shares.
 */
function candidatesOf(terms: Map<string, string>, kind: AnswerKind | null, kindOnly: boolean, passages: AnswerPassage[], titles: Map<string, string>, language: string): Candidate[] {
  const shared = termsMatcher(terms, passages, language);
  const candidates: Candidate[] = [];
  passages.forEach((passage, rank) => {
    const read = passageLanguage(passage, language);
    let position = 0;
    // The sections a passage's paragraphs stand in: its heading path above its own heading.
    const sections = passage.headingPath.split(HEADING_SEPARATOR).slice(0, -1).join(" ");
    const pageHeadings = [titles.get(passage.sourceId) ?? "", ...passage.headingPath.split(HEADING_SEPARATOR)];
    passageParagraphs(passage).forEach(({ heading, text }, paragraph) => {
      const context = `${sections} ${heading}`.trim();
      const fromHeading = shared(context, read);
      const named = namedShare(terms, [heading, ...pageHeadings], read);
      for (const sentence of quotableSentences(text, read)) {
        const own = shared(sentence, read);
        const restates = own.size >= 3 && own.size / termsTogether(terms, termsOf(sentence, read), read) >= RESTATES;
        const shares = own.size + fromHeading.size > 0;
        const ofKind = kind && ((kindOnly && statesKind(kind, sentence, `${pageHeadings.join(" ")} ${context}`, read)) || (shares && carriesKind(kind, sentence, read, language)));
        const overlap = new Set([...own, ...fromHeading]).size + (ofKind ? 1 : 0);
        candidates.push({ sentence, passage, language: read, rank, paragraph, position: position++, overlap, ownOverlap: own.size, restates, heading, context, named });
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

/** Best first: most terms, under the heading naming the subject, the better-ranked passage, the sentence saying it itself, the earlier one. */
const byRelevance = (a: Candidate, b: Candidate) => b.overlap - a.overlap || b.named - a.named || a.rank - b.rank || b.ownOverlap - a.ownOverlap || a.position - b.position;

/**
 * How exactly a heading over the quoted sentences names the question's subject (the paragraph's heading or
 * the page's title; the best of them): shared terms over all terms of the two. A page whose section is about
 * the subject ("origin") beats one whose heading mentions it among others ("git push origin"), and both beat
 * a page that mentions it in passing.
 */
function namedShare(terms: Map<string, string>, headings: string[], language: string): number {
  let best = 0;
  for (const heading of new Set(headings)) {
    const keys = termsOf(heading, language);
    const shared = sharedTerms(terms, keys, language);
    if (shared) best = Math.max(best, shared / termsTogether(terms, keys, language));
  }
  return best;
}

/** How many of the question's terms a text's terms (termsOf, read in `language`) hold under one of their keys (grounding.ts keysIn). */
const sharedTerms = (terms: Map<string, string>, keys: ReadonlyMap<string, string>, language: string) => [...terms].filter((t) => keysIn(t, language).some((k) => keys.has(k))).length;

/** How many terms the question and a text (termsOf, read in `language`) have together, those they share counted once. */
const termsTogether = (terms: Map<string, string>, keys: ReadonlyMap<string, string>, language: string) => terms.size + keys.size - sharedTerms(terms, keys, language);

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

interface PageAnswer {
  answer: ExtractiveAnswer;
  named: number;
  top: Candidate;
}

/** Whether a page's quoted sentences stand under a heading naming the task, or one of them names it by itself. */
function namesTask(page: PageAnswer & { picked: Candidate[] }, terms: Map<string, string>): boolean {
  return page.named >= HOW_TO_NAMED || page.picked.some((c) => namedShare(terms, [c.sentence], c.language) >= HOW_TO_LINE);
}

/** The page that answers better: better grounded, its heading naming the subject, its best sentence restating the question, then the more relevant sentence. */
function betterPage(a: PageAnswer, b: PageAnswer): boolean {
  if (a.answer.grounding !== b.answer.grounding) return a.answer.grounding > b.answer.grounding;
  if (a.named !== b.named) return a.named > b.named;
  if (a.top.restates !== b.top.restates) return a.top.restates;
  return byRelevance(a.top, b.top) < 0;
}

/** Separators between a page's own title and the site's name ("Contact — Bramble Cycles", "os — … — Python 3.11 documentation"). */
const TITLE_PARTS = /\s+[—–|·:-]+\s+/;

/**
 * The titles without what every page's title says (the site's name): a word in every title names the site,
 * not the page, so it grounds nothing. Only when the passages come from two pages or more.
 */
function ownTitles(passages: AnswerPassage[]): Map<string, string> {
  const titles = new Map(passages.map((p) => [p.sourceId, p.title]));
  if (titles.size < 2) return titles;
  const parts = [...titles.values()].map((t) => t.split(TITLE_PARTS));
  const everywhere = new Set(parts[0]!.filter((part) => parts.every((ps) => ps.includes(part))));
  return new Map([...titles].map(([id, title]) => [id, title.split(TITLE_PARTS).filter((part) => !everywhere.has(part)).join(" — ")]));
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
  const terms = questionTerms(question, language).content;
  const titles = ownTitles(passages);
  const kindOnly = askedKindOnly(question, language);
  const candidates = candidatesOf(terms, kindOnly ?? answerKind(question, language), kindOnly !== null, passages, titles, language);
  if (candidates.length === 0) return null;
  const retrieved = keysOf(passages.map((p) => written(p, language)), language);
  const answerFrom = (picked: Candidate[]): ExtractiveAnswer => ({
    // The sources travel structured (`sources`), each surface draws them as links: the text is the answer only.
    content: render(picked),
    sources: sourcesOf(picked.map((c) => c.passage)),
    grounding: groundingScore(
      question,
      picked.map((c) => ({ sentence: c.sentence, context: `${titles.get(c.passage.sourceId)} ${c.passage.headingPath} ${c.context}`, language: c.language, heading: c.heading })),
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
  const ranked = [...pages.values()]
    .map((page): PageAnswer & { picked: Candidate[] } => {
      const ordered = page.sort(byRelevance);
      const top = ordered[0]!;
      const picked = fitting(ordered.filter((c) => c.overlap >= top.overlap * RELEVANT_SHARE), max, options.tokenLimit ?? null);
      return { answer: answerFrom(picked), named: Math.max(...picked.map((c) => c.named)), top, picked };
    })
    .sort((a, b) => (betterPage(a, b) ? -1 : betterPage(b, a) ? 1 : 0));
  // How to do something is answered by a section about the task, not by a sentence mentioning its words: of
  // the pages that answer as well as the best one, those that name the task; none, and it is refused.
  const answering = asksHowTo(question, language) ? ranked.filter((r) => r.answer.grounding === ranked[0]!.answer.grounding && namesTask(r, terms)) : ranked;
  const best = answering[0];
  if (!best) return { ...ranked[0]!.answer, grounding: 0 };
  // Other pages that answer by themselves, their sentences nearly as relevant as the best one's, are quoted
  // too. Each page was scored on its own sentences: the answer is as
  // grounded as its best page, never more for having stitched pages together.
  const also = [best, ...ranked.filter((r) => r !== best && r.answer.grounding >= GROUNDING_THRESHOLD && r.top.overlap >= best.top.overlap * RELEVANT_SHARE)];
  if (also.length < 2) return best.answer;
  // Each page's best sentence first (best page first), then the others' next ones: every page quoted is cited.
  const firsts = also.map((r) => r.top);
  const merged = [...firsts, ...also.flatMap((r) => r.picked).filter((c) => !firsts.includes(c)).sort(byRelevance)];
  return { ...answerFrom(fitting(merged, max, options.tokenLimit ?? null)), grounding: best.answer.grounding };
}
