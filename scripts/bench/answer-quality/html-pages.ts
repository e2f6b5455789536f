/**
 * A documentation page as the question generator reads it, straight from its HTML (linkedom), not through
 * the product's extraction: the instrument must not share the code it measures. Its title, its headings,
 * its paragraphs' sentences in order, and its whole text (to check which pages hold a sentence or a term).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseHTML } from "linkedom";

export interface DocPage {
  /** Path relative to the set's root, as served (`library/os.html`). */
  path: string;
  title: string;
  /** Section headings below the page's title, cleaned (no numbering, no permalink marks). */
  headings: string[];
  /** The sentences of the page's paragraphs, in order, each with its paragraph's index. */
  sentences: Array<{ text: string; paragraph: number }>;
  /** The page's text, spaces normalized (for "which pages hold this sentence"). */
  text: string;
}

/** Navigation and page furniture of the generators these sets come from (Sphinx, DocBook XSL, AsciiDoc, Publican, SQLite's `nosearch`). */
const FURNITURE = "script, style, nav, header, footer, .nosearch, .navheader, .navfooter, .sphinxsidebar, .related, .footer, #footer, .docnav, .toc, .breadcrumbs, .headerlink, #toc, .sidebar-title";
/** The element that holds a page's own text, per generator; the body otherwise. */
const MAIN = '[role="main"], div.body, #content, .book, .chapter, .section, .sect1, .refentry, .article, .preface, .appendix';

const space = (s: string) => s.replace(/\s+/g, " ").trim();

/** A heading's text without its number ("6.1.2. ", "Chapter 6. ") and permalink marks. */
export function cleanHeading(raw: string): string {
  return space(raw.replace(/[¶#]\s*$/u, ""))
    .replace(/^(?:(?:Chapter|Kapitel|Chapitre|Capítulo|Capitolo|Hoofdstuk|Appendix|Anhang|Annexe|Apéndice|Appendice|Apêndice|Bijlage)\s+)?[0-9A-Z]{1,3}(?:\.[0-9]+)*\.?\s+/u, "")
    .replace(/\s*[¶]$/u, "")
    .trim();
}

/** Sentences of a paragraph: split after . ! ? before a capital letter (abbreviations like "e.g." stay inside). */
export function sentencesOf(paragraph: string): string[] {
  return space(paragraph)
    .split(/(?<!\b(?:e\.g|i\.e|etc|vs|cf|z\.B|d\.h|ca|bzw|p\.ex|ex|Nr|S|p))(?<=[.!?])\s+(?=[A-ZÀ-ÖØ-Þ¿¡"“«])/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * A page's document as a browser reads it: attribute names in lower case (linkedom keeps `HREF`, `CLASS` as
 * written, which the DSSSL stylesheets of pgpool-II's and Slony-I's manuals write), and, those pages being in
 * quirks mode (HTML 4 without a DTD address), class names matched whatever their case: lower-cased here.
 */
export function parseDocHtml(html: string) {
  const { document } = parseHTML(html);
  for (const el of document.querySelectorAll("*")) {
    for (const { name, value } of [...el.attributes]) {
      const lower = name.toLowerCase();
      if (lower === name) continue;
      el.removeAttribute(name);
      if (!el.hasAttribute(lower)) el.setAttribute(lower, lower === "class" ? value.toLowerCase() : value);
    }
  }
  return document;
}

export function readDocPage(root: string, relative: string): DocPage {
  const document = parseDocHtml(readFileSync(path.join(root, relative), "utf8"));
  const title = space(document.querySelector("title")?.textContent ?? "");
  for (const el of document.querySelectorAll(FURNITURE)) el.remove();
  const main = document.querySelector(MAIN) ?? document.body ?? document.documentElement;
  const headings = [...main.querySelectorAll("h1, h2, h3, h4")].map((h) => cleanHeading(h.textContent ?? "")).filter((h) => h.length > 1);
  const sentences: DocPage["sentences"] = [];
  [...main.querySelectorAll("p, div.para")].forEach((p, paragraph) => {
    // A paragraph inside another counted one (Publican nests <p> in div.para rarely) is read once, as the outer one.
    if (p.parentElement?.closest("p, div.para")) return;
    for (const text of sentencesOf(p.textContent ?? "")) sentences.push({ text, paragraph });
  });
  return { path: relative, title, headings: headings.slice(1), sentences, text: space(main.textContent ?? "") };
}
