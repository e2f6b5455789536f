import { sameUrlKey } from "@/shared/same-text";

/** Separates the headings of a passage's heading path (stored and returned as one string). */
export const HEADING_SEPARATOR = " › ";

/** A retrieved passage as the answer steps see it (the retrieval module's `Passage`). */
export interface AnswerPassage {
  chunkId: string;
  sourceId: string;
  url: string | null;
  title: string;
  headingPath: string;
  content: string;
  score: number;
  /**
   * The language its text is indexed in (source_chunks.language, ISO 639-1: its own, else its page's;
   * docs/decisions/144-passages-in-their-own-language.md): the answer reads its sentences in it
   * (docs/decisions/146-answers-read-passages-in-their-own-language.md). Absent, the question's.
   */
  language?: string | null;
}

/** A source an answer used, as recorded on the message and returned by the API. */
export interface UsedSource {
  id: string;
  url: string | null;
  title: string;
}

/**
 * Distinct sources of the passages, in passage order: one source, or one address (the same page reached
 * through two sources, e.g. a website and a page added on its own), is cited once.
 */
export function sourcesOf(passages: AnswerPassage[]): UsedSource[] {
  const seen = new Map<string, UsedSource>();
  for (const p of passages) {
    const key = p.url ? `url:${sameUrlKey(p.url)}` : `id:${p.sourceId}`;
    if (!seen.has(key)) seen.set(key, { id: p.sourceId, url: p.url, title: p.title });
  }
  return [...seen.values()];
}

/**
 * How a chunk's text marks a heading met inside it (the chunk's own heading
 * path is in `headingPath`): a paragraph of its own, as a Markdown heading, so
 * a language model reads it as one and the extractive answer can tell it from
 * the sentences it introduces. Search ignores the "#".
 */
export const HEADING_MARK = "## ";

/** The paragraph the chunker writes for a heading inside a chunk. */
export function headingParagraph(heading: string): string {
  return `${HEADING_MARK}${heading}`;
}

/** A paragraph of a passage with the heading it stands under (its last heading; "" when none). */
export interface PassageParagraph {
  heading: string;
  text: string;
}

/**
 * A passage's text paragraphs (blank lines separate them), each with its
 * heading: the passage's own until a heading paragraph replaces it. Heading
 * paragraphs are context, not text: they are not returned themselves.
 */
export function passageParagraphs(passage: Pick<AnswerPassage, "headingPath" | "content">): PassageParagraph[] {
  let heading = passage.headingPath.split(HEADING_SEPARATOR).at(-1) ?? "";
  const out: PassageParagraph[] = [];
  for (const raw of passage.content.split(/\n\s*\n/)) {
    const text = raw.replace(/\s+/g, " ").trim();
    if (!text) continue;
    if (text.startsWith(HEADING_MARK)) heading = text.slice(HEADING_MARK.length).trim();
    else out.push({ heading, text });
  }
  return out;
}
