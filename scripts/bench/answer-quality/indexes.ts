/**
 * Each set's own index — the terms its authors chose and the pages they point to — read from its HTML:
 * Sphinx's general index (Python), DocBook's book index (PostgreSQL), SQLite's keyword index, and where a set has no index, its
 * defined terms: git's glossary (gitglossary.html and the user manual's copy of it), the Debian
 * Administrator's Handbook's titled side notes ("VOCABULARY Package source and source package": the term
 * after the note's kind; a title used twice is left out), whose `<indexterm>`s the HTML keeps only as empty anchors.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseHTML } from "linkedom";
import { indexTerms } from "../docs-site";
import { parseDocHtml } from "./html-pages";

export interface IndexEntry {
  term: string;
  /** Pages (relative to the set's root) the index points to for the term. */
  pages: string[];
  /** Text the term stands with (a side note's body), to tell which language an entry is in. */
  context?: string;
}

const space = (s: string) => s.replace(/\s+/g, " ").trim();
const pageOf = (href: string) => href.replace(/#.*$/, "");
const parse = (root: string, relative: string) => parseDocHtml(readFileSync(path.join(root, relative), "utf8"));

/** Python: genindex-all.html's identifier entries (the docs bench's reading of it). */
export function sphinxIndex(root: string): IndexEntry[] {
  return indexTerms(readFileSync(path.join(root, "genindex-all.html"), "utf8")).map(({ term, pages }) => ({ term, pages }));
}

/**
 * SQLite's keyword_index.html: each entry of its one list (`<ul class="lessindent">`, "journal_mode pragma",
 * "sqlite3_txn_state", "json_extract SQL function", "add column") → the page it links, one a term.
 */
export function keywordIndex(root: string, file = "keyword_index.html"): IndexEntry[] {
  const entries: IndexEntry[] = [];
  for (const a of parse(root, file).querySelectorAll("ul.lessindent > li > a[href]")) {
    const term = space(a.textContent ?? "");
    const page = pageOf(a.getAttribute("href")!);
    if (term && page) entries.push({ term, pages: [page] });
  }
  return entries;
}

/**
 * DocBook's bookindex.html: each top-level entry ("advisory lock, <a>Advisory Locks</a>") → the pages it links.
 * The XSL stylesheets (PostgreSQL 15) give each entry an `ientry-` id; the older DSSSL ones (pgpool-II's,
 * Slony-I's: upper-case tags, no ids) a `<dt>` of the `<dl>` right under each letter's `<div class="INDEXDIV">`
 * (a sub-entry's `<dt>` is deeper, in its entry's `<dd>`). An entry with sub-entries only links no page: left out.
 */
export function docbookIndex(root: string, file = "bookindex.html"): IndexEntry[] {
  const entries: IndexEntry[] = [];
  const document = parse(root, file);
  const xsl = [...document.querySelectorAll('dt[id^="ientry-"]')];
  const topLevel = xsl.length
    ? xsl
    : [...document.querySelectorAll("div.indexdiv > dl > dt")];
  for (const dt of topLevel) {
    const term = space((dt.textContent ?? "").split(",")[0] ?? "");
    const pages = [...new Set([...dt.querySelectorAll("a[href]")].map((a) => pageOf(a.getAttribute("href")!)))];
    if (term && pages.length) entries.push({ term, pages });
  }
  return entries;
}

/**
 * A glossary's terms (`<dt>` holding a `def_…` anchor) over all pages: a term → every page that defines it,
 * the pages its definition links to, and `namesake(term)` when that page is served (git: a glossary term
 * that names a command, "rebase", is defined by the command's manual page too).
 */
export function glossaryTerms(root: string, pages: string[], namesake: (term: string) => string = () => ""): IndexEntry[] {
  const served = new Set(pages);
  const byTerm = new Map<string, Set<string>>();
  for (const page of pages) {
    const html = readFileSync(path.join(root, page), "utf8");
    if (!/(?:id|name)="def_/.test(html)) continue;
    for (const dt of parseHTML(html).document.querySelectorAll("dt")) {
      if (!dt.querySelector('a[id^="def_"], a[name^="def_"]')) continue;
      const term = space(dt.textContent ?? "");
      const definition = dt.nextElementSibling?.localName === "dd" ? dt.nextElementSibling : null;
      const linked = [...(definition?.querySelectorAll("a[href]") ?? [])].map((a) => pageOf(a.getAttribute("href")!)).filter(Boolean);
      const at = byTerm.get(term) ?? new Set();
      for (const p of [page, ...linked, namesake(term)]) if (served.has(p)) at.add(p);
      byTerm.set(term, at);
    }
  }
  return [...byTerm].map(([term, at]) => ({ term, pages: [...at] }));
}

/** Publican side notes: the title after its kind ("TIP", "CULTURE", "ZURÜCK ZU DEN GRUNDLAGEN") → its page. */
export function sideNoteTerms(root: string, pages: string[]): IndexEntry[] {
  const entries: IndexEntry[] = [];
  for (const page of pages) {
    for (const note of parse(root, page).querySelectorAll("div.sidebar")) {
      const title = note.querySelector("p.title strong");
      if (!title) continue;
      title.querySelector("span.emphasis")?.remove();
      const term = space(title.textContent ?? "").replace(/^[.:]\s*/, "");
      const body = space([...note.querySelectorAll("div.para, p:not(.title)")].map((p) => p.textContent ?? "").join(" "));
      if (term) entries.push({ term, pages: [page], context: body });
    }
  }
  // A title used on several pages ("A concrete example", "TIP Going further") names no one thing: left out.
  const uses = new Map<string, number>();
  for (const e of entries) uses.set(e.term, (uses.get(e.term) ?? 0) + 1);
  return entries.filter((e) => uses.get(e.term) === 1);
}

/**
 * DocBook tables of packages (the Debian Reference's "List of …" tables): each body row's first cell a package
 * name (`<code class="literal">`) → the page of the table, the row's last cell (its description, translated in
 * each edition) the context. A package listed on two pages names no one page: left out.
 */
export function packageTableTerms(root: string, pages: string[]): IndexEntry[] {
  const byTerm = new Map<string, { pages: Set<string>; context: string }>();
  for (const page of pages) {
    for (const row of parse(root, page).querySelectorAll("div.table tbody tr")) {
      const cells = [...row.querySelectorAll("td")];
      const name = cells[0]?.querySelector("code.literal");
      if (cells.length < 3 || !name) continue;
      const term = space(name.textContent ?? "");
      const entry = byTerm.get(term) ?? { pages: new Set<string>(), context: space(cells.at(-1)!.textContent ?? "") };
      byTerm.set(term, { ...entry, pages: entry.pages.add(page) });
    }
  }
  return [...byTerm].filter(([, e]) => e.pages.size === 1).map(([term, e]) => ({ term, pages: [...e.pages], context: e.context }));
}

/**
 * DocBook variable lists (the Installation Guide's boot parameters, preseed keys, variables): each `<dt>`'s term
 * → its page, the `<dd>` after it (translated in each edition) the context. A term listed on two pages, or
 * twice on one, names no one thing: left out.
 */
export function variableListTerms(root: string, pages: string[]): IndexEntry[] {
  const byTerm = new Map<string, { pages: string[]; context: string }>();
  for (const page of pages) {
    for (const dt of parse(root, page).querySelectorAll("div.variablelist dt")) {
      const term = space(dt.textContent ?? "");
      const definition = dt.nextElementSibling?.localName === "dd" ? space(dt.nextElementSibling.textContent ?? "") : "";
      if (!term || !definition) continue;
      const entry = byTerm.get(term);
      byTerm.set(term, entry ? { ...entry, pages: [...entry.pages, page] } : { pages: [page], context: definition });
    }
  }
  return [...byTerm].filter(([, e]) => e.pages.length === 1).map(([term, e]) => ({ term, pages: e.pages, context: e.context }));
}
