/**
 * Test questions a chatbot gets from its own pages (docs/decisions/063-chatbot-quality-score.md): each page's title and headings — a
 * definition list's terms are headings too (training's html-blocks) — asked as "What about <heading>?",
 * with that page as the expected source. A source without a url (a text, a file) is a page here too, named
 * by its id (docs/decisions/063-chatbot-quality-score.md). A heading that several pages share ("Contact", "Overview") names
 * no one page and is left out, and so are headings with no word to search for. Pure: tested on its own.
 */
import { HEADING_SEPARATOR } from "@/server/training";

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

export interface GeneratedQuestion {
  question: string;
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
  const pagesOf = new Map<string, Set<string>>();
  const perPage: Array<{ page: PageHeadings; headings: string[] }> = [];
  for (const page of [...pages].sort((a, b) => pageKey(a).localeCompare(pageKey(b)))) {
    const headings = [page.title, ...page.headingPaths.flatMap((p) => p.split(HEADING_SEPARATOR))].map(cleaned).filter(askable);
    const distinct = [...new Map(headings.map((h) => [h.toLowerCase(), h])).values()];
    for (const h of distinct) pagesOf.set(h.toLowerCase(), (pagesOf.get(h.toLowerCase()) ?? new Set()).add(pageKey(page)));
    perPage.push({ page, headings: distinct });
  }
  const unique = perPage.map(({ page, headings }) => ({ page, headings: headings.filter((h) => pagesOf.get(h.toLowerCase())!.size === 1) }));
  // Round-robin over the pages: every page gets its first heading before any page gets its second.
  const out: GeneratedQuestion[] = [];
  for (let round = 0; out.length < max && unique.some((u) => u.headings.length > round); round++) {
    for (const { page, headings } of unique) {
      const heading = headings[round];
      if (heading === undefined) continue;
      out.push({ question: questionOf(heading), expectedUrl: page.url, ...(page.url === null ? { expectedSourceId: page.sourceId ?? undefined } : {}), expectedTitle: page.title });
      if (out.length >= max) break;
    }
  }
  return out;
}
