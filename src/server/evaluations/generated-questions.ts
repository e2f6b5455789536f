/**
 * Test questions a chatbot gets from its own pages (docs/decisions/063-chatbot-quality-score.md): each page's title and headings — a
 * definition list's terms are headings too (training's html-blocks) — asked as "What about <heading>?",
 * with that page as the expected source. A source without a url (a text, a file) is a page here too, named
 * by its id (docs/decisions/063-chatbot-quality-score.md). A heading that several pages share ("Contact", "Overview") names
 * no one page and is left out, and so are headings with no word to search for. The questions a visitor would
 * ask of the pages' facts (times, prices, places, contacts, tasks) come from their text, by the same rules
 * (docs/decisions/131-questions-from-the-pages-facts.md). Pure: tested on its own.
 */
import { HEADING_SEPARATOR, type AnswerPassage } from "@/server/training";
import { factQuestionsOf } from "./fact-questions";
import type { FactKind } from "./fact-vocabulary";

/** Questions generated per run at most: spread over the pages, so a large site is sampled, not truncated. */
export const MAX_GENERATED = 40;

export interface PageHeadings {
  /** Null for a text or a file: then `sourceId` names it. */
  url: string | null;
  sourceId?: string | null;
  title: string;
  /** The page's chunks' heading paths (HEADING_SEPARATOR-joined). */
  headingPaths: string[];
}

/** What a generated question asks about: a heading of the page, or one of its facts (fact-questions.ts). */
export type QuestionKind = "heading" | FactKind;

export interface GeneratedQuestion {
  question: string;
  kind: QuestionKind;
  /** The fact an answer must say (a fact question only). */
  expectedFact?: string;
  expectedUrl: string | null;
  /** The expected source when it has no url (a text, a file). */
  expectedSourceId?: string;
  expectedTitle: string;
}

/** What names a page: its url, or the id of a source without one. */
export const pageKey = (p: { url: string | null; sourceId?: string | null }) => p.url ?? `source:${p.sourceId}`;

/** What names a generated question's expected page (as pageKey). */
export const expectedKey = (g: GeneratedQuestion) => g.expectedUrl ?? `source:${g.expectedSourceId}`;

const cleaned = (heading: string) =>
  heading
    .replace(/[¶#§]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** A heading worth asking about: a few words with letters in them, not a sentence or a number. */
function askable(heading: string): boolean {
  const words = heading.split(" ");
  return heading.length >= 3 && heading.length <= 80 && words.length <= 8 && /\p{L}{3}/u.test(heading);
}

export const questionOf = (heading: string) => (heading.endsWith("?") ? heading : `What about ${heading}?`);

export function generateQuestions(pages: PageHeadings[], max = MAX_GENERATED): GeneratedQuestion[] {
  const perPage = [...pages].sort(byKey).map((page) => {
    const headings = [page.title, ...page.headingPaths.flatMap((p) => p.split(HEADING_SEPARATOR))].map(cleaned).filter(askable);
    return { page, asked: headings.map((h) => ({ question: questionOf(h), kind: "heading" as const })) };
  });
  return spread(perPage, max);
}

/** A page (or a text, a file) with its passages in order: what its fact questions are read from. */
export interface PagePassages {
  url: string | null;
  sourceId?: string | null;
  title: string;
  passages: Array<Pick<AnswerPassage, "headingPath" | "content">>;
}

/** The questions a visitor would ask of the pages' facts, in the chatbot's language (fact-questions.ts). */
export function generateFactQuestions(pages: PagePassages[], language: string | null | undefined, max = MAX_GENERATED): GeneratedQuestion[] {
  const perPage = [...pages].sort(byKey).map((page) => ({ page, asked: factQuestionsOf(page.passages, language).map((f) => ({ question: f.question, kind: f.kind, expectedFact: f.fact })) }));
  return spread(perPage, max);
}

const byKey = (a: { url: string | null; sourceId?: string | null }, b: { url: string | null; sourceId?: string | null }) => pageKey(a).localeCompare(pageKey(b));

type Asked = Pick<GeneratedQuestion, "question" | "kind" | "expectedFact">;
type Page = { url: string | null; sourceId?: string | null; title: string };

/**
 * Each page's questions, each once per page; a question several pages ask ("What about Contact?", "Where are you
 * located?" from every page's footer) names no one page and is left out. Round-robin over the pages: every page
 * gets its first question before any page gets its second, so a large site is sampled, not truncated.
 */
function spread(perPage: Array<{ page: Page; asked: Asked[] }>, max: number): GeneratedQuestion[] {
  const pagesOf = new Map<string, Set<string>>();
  const distinct = perPage.map(({ page, asked }) => {
    const own = [...new Map(asked.map((a) => [a.question.toLowerCase(), a])).values()];
    for (const a of own) pagesOf.set(a.question.toLowerCase(), (pagesOf.get(a.question.toLowerCase()) ?? new Set()).add(pageKey(page)));
    return { page, asked: own };
  });
  const unique = distinct.map(({ page, asked }) => ({ page, asked: asked.filter((a) => pagesOf.get(a.question.toLowerCase())!.size === 1) }));
  const out: GeneratedQuestion[] = [];
  for (let round = 0; out.length < max && unique.some((u) => u.asked.length > round); round++) {
    for (const { page, asked } of unique) {
      const a = asked[round];
      if (a === undefined) continue;
      out.push({ ...a, expectedUrl: page.url, ...(page.url === null ? { expectedSourceId: page.sourceId ?? undefined } : {}), expectedTitle: page.title });
      if (out.length >= max) break;
    }
  }
  return out;
}
