import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseHTML } from "linkedom";
import { afterEach, describe, expect, it } from "vitest";
import { pageOutput } from "./page-output";
import { extractHtml, extractHtmlDocument, type LinkedDocument } from "./extract";
import { bodyAtGrabArticle, LinkedomReadability } from "./linkedom-readability";

/**
 * Readability serialises the page before its first attempt only to restore it for a retry; LinkedomReadability
 * makes that string from a fresh parse of the page's source when a retry needs it
 * (docs/decisions/094-crawl-pages-per-second.md). It must be the same string, and a retried page must extract
 * exactly as with the eager snapshot (a document parsed without going through parseHtml has no source: eager).
 */
type Internals = { _doc: Document; _attempts: unknown[]; sourceCopy?: () => Document; options: object };
const proto = LinkedomReadability.prototype as unknown as { _grabArticle(this: Internals, page?: Element | null): Element | null };
const grabArticle = proto._grabArticle;
afterEach(() => {
  proto._grabArticle = grabArticle;
});

const RETRIES = path.resolve("tests/fixtures/readability-retries");
const SUBSET = path.resolve("tests/fixtures/python-docs");

describe("Readability's retry snapshot made from the page's source", () => {
  it("is the string the page serialises to when Readability starts grabbing, on every page of the docs subset", async () => {
    let compared = 0;
    proto._grabArticle = function (page) {
      if (this.sourceCopy) {
        expect(bodyAtGrabArticle(this.sourceCopy(), this.options)).toBe(this._doc.body.innerHTML);
        compared++;
      }
      return grabArticle.call(this, page);
    };
    const pages = [...readdirSync(path.join(SUBSET, "library")).map((f) => `library/${f}`), ...readdirSync(SUBSET).filter((f) => f.endsWith(".html"))];
    for (const page of pages) await pageOutput(readFileSync(path.join(SUBSET, page), "utf8"), `https://docs.example/${page}`);
    expect(compared).toBeGreaterThan(50);
  }, 120_000);

  it("extracts a page Readability retries exactly as with the snapshot taken up front", () => {
    const attempts: number[] = [];
    proto._grabArticle = function (page) {
      const article = grabArticle.call(this, page);
      if (this.sourceCopy) attempts.push(this._attempts.length);
      return article;
    };
    for (const file of readdirSync(RETRIES)) {
      const html = readFileSync(path.join(RETRIES, file), "utf8");
      const url = `https://docs.example/${file}`;
      const eager = extractHtmlDocument(parseHTML(html).document as LinkedDocument, url);
      expect(extractHtml(html, url)).toEqual(eager);
    }
    // Both pages were retried (2 and 4 attempts), through the snapshot made from the source.
    expect(attempts.sort()).toEqual([2, 4]);
  });
});
