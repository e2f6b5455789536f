/**
 * What the crawler stores for one HTML page, as plain data: the check that a faster extraction extracts
 * exactly what the previous one did (docs/decisions/086-one-extraction-pass-per-page.md), by the golden test
 * beside it and by `scripts/extraction/check.ts`. The same steps as
 * readPage (crawler/page-reading.ts) and indexSource: parse once, the crawler's page meta, the text, the
 * passages, and what each passage defines and the identifier parts it is searched by.
 */
import { createHash } from "node:crypto";
import { readPageMeta } from "@/server/training/crawler/html-meta";
import { chunkDocument } from "@/server/training/retrieval/chunk";
import { passageDefines } from "@/server/training/retrieval/defined-terms";
import { documentText, extractHtmlDocument, parseHtml, passageWeight } from "./extract";
import { identifierParts } from "@/server/training/retrieval/query-terms";

export interface PageOutput {
  title: string;
  weight: number;
  links: string[];
  text: string;
  /** `weight`: a passage's own ranking weight, only where it is not the page's (an index-like page's opening: passageWeight). */
  passages: { headingPath: string[]; content: string; tokenCount: number; defines: string[]; headingIdentifiers: string; contentIdentifiers: string; weight?: number }[];
}

export async function pageOutput(html: string, url: string): Promise<PageOutput> {
  const parsed = parseHtml(html);
  const meta = readPageMeta(parsed, url);
  const extracted = extractHtmlDocument(parsed, url);
  const document = meta.title ? { ...extracted, title: meta.title } : extracted;
  const chunks = await chunkDocument(document);
  const weights = chunks.map((c) => passageWeight(document, c.content));
  return {
    title: document.title,
    weight: document.weight ?? 1,
    links: meta.links,
    text: documentText(document).trim(),
    passages: chunks.map((c, i) => ({
      headingPath: c.headingPath,
      content: c.content,
      tokenCount: c.tokenCount,
      defines: passageDefines(c.headingPath, c.content, document.title),
      headingIdentifiers: identifierParts(`${document.title} ${c.headingPath.join(" ")}`),
      contentIdentifiers: identifierParts(c.content),
      ...(weights[i] === (document.weight ?? 1) ? {} : { weight: weights[i] }),
    })),
  };
}

/** A page's output as one short digest (a golden file of digests stays small). */
export const outputDigest = (output: PageOutput) => createHash("sha256").update(JSON.stringify(output)).digest("hex").slice(0, 32);
