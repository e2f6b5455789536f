import { isProbablyReaderable } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import { boundedDocxXml } from "./docx-archive";
import { blocksFromDom, normalizeSpace, type LinkText, type TextBlock } from "./html-blocks";
import { LinkedomReadability } from "./linkedom-readability";
import { elementsWhere, hasClass } from "./linkedom-walk";

/** What every source kind is reduced to before chunking: a title and text blocks under their headings. */
export interface ExtractedDocument {
  title: string;
  blocks: TextBlock[];
  /**
   * How much the page's passages count in ranking, 0..1 (1 when omitted): an index-like page — a general
   * index, a table of contents, a page that is mostly links (indexLikeWeight) — names every term without
   * saying what any of them is, so it must not take the places of the pages that do.
   */
  weight?: number;
  /**
   * An index-like page's own opening, when it has one (indexOpening), and the text of its blocks that are link
   * text: a passage holding the opening and mostly not those weighs 1, the rest `weight` (passageWeight).
   */
  opening?: { text: string; linked: string[] };
  /**
   * The language the document declares (a tag as written: `<html lang>`, its Content-Language), if any;
   * undeclared, indexing detects it from the text (docs/decisions/116-passages-in-their-own-language.md).
   */
  language?: string;
}

/**
 * The language a page declares for its text: `<body lang>` (the language of everything the page says, as HTML
 * gives an element its nearest `lang`), else `<html lang>` (or `xml:lang` on either), else a
 * `<meta http-equiv="Content-Language">` of its head. texi2html's pages declare it on `<body>` only
 * (docs/decisions/154-a-pages-own-menu-and-body-lang.md).
 */
export function declaredLanguage(document: LinkedDocument): string | undefined {
  for (const element of [document.body, document.documentElement]) {
    const lang = (element?.getAttribute("lang") || element?.getAttribute("xml:lang") || "").trim();
    if (lang) return lang;
  }
  for (const meta of document.head?.children ?? []) {
    if (meta.localName.toLowerCase() === "meta" && (meta.getAttribute("http-equiv") ?? "").toLowerCase() === "content-language") return meta.getAttribute("content")?.trim() || undefined;
  }
  return undefined;
}

/** The ranking weight of an index-like page (measured with `npm run bench -- docs`, docs/decisions/070-index-like-pages-weigh-less.md). */
export const INDEX_LIKE_WEIGHT = 0.2;
/** A page whose body text (without furniture) is at least this share link text is index-like. */
export const INDEX_LINK_SHARE = 0.5;
/** Pages whose address says they are an index or a table of contents (Sphinx's genindex/modindex, contents, sitemaps). */
const INDEX_PATH = /\/(?:genindex[^/]*|[a-z]*-?modindex|[a-z-]+-index|contents|toc|sitemap|site-?map)\.html?$/i;

/**
 * The share of a page's extracted text that is link text (`links.chars` over `chars`) — links into the site
 * only when the page's `url` is known: an index points to the site's pages, while a chapter whose tables link
 * every package to another site (the Debian Reference's, docs/decisions/133-questions-asking-only-for-a-kind.md)
 * is a page of content. Only the links in the extracted text count: a chapter's table of contents kept as
 * terms without definitions (DocBook's `<dl class="toc">`) is in none of its passages, which are its prose. Only
 * an `<a>` with an href is a link: an anchor (`<a id>`, `<a name>`) is none, though an XHTML page's
 * `<a id="…"/>`, parsed as HTML, wraps the rest of its section (docs/decisions/136-anchors-and-answer-words.md).
 */
function siteLinks(url?: string): LinkText {
  const host = hostOf(url);
  return {
    chars: 0,
    isLink: (element) => {
      const href = (element as unknown as Element).getAttribute("href");
      return href !== null && (host === null || hostOf(href, url) === host);
    },
  };
}

/** The host a link (relative to `base`) points to; null when it is no URL ("mailto:" has none: ""). */
function hostOf(href: string | undefined, base?: string): string | null {
  if (href === undefined) return null;
  try {
    return new URL(href, base).host;
  } catch {
    return null;
  }
}

/** The page's address without its fragment (null when it is none). */
function pageAddress(href: string, base?: string): string | null {
  try {
    const url = new URL(href, base);
    url.hash = "";
    return url.href;
  } catch {
    return null;
  }
}

/** Letters and digits: what a share of text counts (separators between menu items are neither). */
const WORD_CHARS = /[\p{L}\p{N}]/gu;
const wordChars = (text: string | null | undefined) => text?.match(WORD_CHARS)?.length ?? 0;
/** At most this share of a menu's letters is outside its links (a label, an item that is not a link). */
const MENU_TEXT_SHARE = 0.1;
/** Links to the page itself looked at for its menus (a logo, a breadcrumb, the menu's own item). */
const SELF_LINKS_READ = 8;
/** Links along the site's order looked at for its bars (texi2html repeats its bar above each section of a page). */
const BAR_LINKS_READ = 32;
/** The link types (`<a rel>`) that place a link in the site's order: the previous, next, enclosing or first page, its contents or index. */
const NAVIGATION_RELS = new Set(["prev", "previous", "next", "up", "start", "first", "last", "contents", "toc", "index"]);
const isHeading = (element: Element) => /^h[1-6]$/i.test(element.localName);
const isLinkElement = (element: Element) => element.localName.toLowerCase() === "a" && element.hasAttribute("href");

/**
 * The page's own menus: around each link to the page itself (its address, no fragment: a menu's item for the
 * current page), the largest element that is all links (at most MENU_TEXT_SHARE of its letters outside them) and
 * holds no heading — a site menu or a side table of contents kept outside `<nav>` (texi2html's `div#tocframe`
 * lists every page of the manual on every page) — and that lies outside the element holding the page's first
 * heading, where its own text is: a heading ends the walk before the element that holds an index's text, and a
 * site map that lists itself beside its title is the page's text, not its menu. Around a link whose `rel` names
 * its place in the site's order (NAVIGATION_RELS: texinfo's and texi2html's "Prev / Up / Next" bars), the same
 * all-links element wherever it stands: a bar of such links is never a page's own text.
 */
function ownMenus(body: Element, url: string, furniture: ReadonlySet<unknown>): Element[] {
  const self = pageAddress(url);
  if (self === null) return [];
  const inFurniture = (element: Element) => {
    for (let e: Element | null = element; e && e !== body; e = e.parentElement) if (furniture.has(e)) return true;
    return false;
  };
  const heading = (elementsWhere(body, isHeading) ?? [...body.querySelectorAll("h1,h2,h3,h4,h5,h6")]).find((h) => !inFurniture(h));
  const text = heading?.parentElement ?? null;
  const isSelf = (a: Element) => {
    const href = a.getAttribute("href") ?? "";
    return !href.includes("#") && pageAddress(href, url) === self;
  };
  const navigates = (a: Element) => (a.getAttribute("rel") ?? "").toLowerCase().split(/\s+/).some((rel) => NAVIGATION_RELS.has(rel));
  const menus: Element[] = [];
  const read = { self: 0, bar: 0 };
  for (const link of elementsWhere(body, isLinkElement) ?? [...body.querySelectorAll("a[href]")]) {
    const bar = navigates(link);
    if (!bar && !isSelf(link)) continue;
    if (menus.some((menu) => menu.contains(link))) continue;
    if (bar ? read.bar++ >= BAR_LINKS_READ : read.self++ >= SELF_LINKS_READ) continue;
    let menu: Element | null = null;
    for (let element = link.parentElement; element && element !== body && !furniture.has(element); element = element.parentElement) {
      if ((elementsWhere(element, isHeading) ?? [...element.querySelectorAll("h1,h2,h3,h4,h5,h6")]).length) break;
      const letters = wordChars(element.textContent);
      const linkLetters = (elementsWhere(element, isLinkElement) ?? [...element.querySelectorAll("a[href]")]).reduce((n, a) => n + wordChars(a.textContent), 0);
      if (letters - linkLetters > MENU_TEXT_SHARE * letters) break;
      menu = element;
    }
    if (menu && (bar || !text?.contains(menu))) menus.push(menu);
  }
  return menus;
}

/**
 * The page's share of link text into the site (siteLinks), its own menus left out (ownMenus) when the rest of the
 * page says something: a short page beside a 41-link menu is a page of content (record 070's rule counts what
 * the page itself links to). Looked for only when the share reaches INDEX_LINK_SHARE, where it can matter.
 */
function linkShare(document: LinkedDocument, url: string, furniture: ReadonlySet<unknown>, chars: number, linkChars: number): number {
  const share = chars > 0 ? Math.min(1, linkChars / chars) : 0;
  const body = document.body ?? document.documentElement;
  if (share < INDEX_LINK_SHARE || !body) return share;
  const menus = ownMenus(body as unknown as Element, url, furniture);
  if (!menus.length) return share;
  const links = siteLinks(url);
  const rest = countChars(blocksFromDom(body, new Set([...furniture, ...menus]), links));
  return rest > 0 ? Math.min(1, links.chars / rest) : share;
}

/** INDEX_LIKE_WEIGHT for a page that is an index by its address or by its share of link text (into the site), else 1. */
export function indexLikeWeight(url: string, linkShare: number): number {
  return indexByAddress(url) || linkShare >= INDEX_LINK_SHARE ? INDEX_LIKE_WEIGHT : 1;
}

/** Whether a page's address says it is an index or a table of contents (INDEX_PATH). */
function indexByAddress(url: string): boolean {
  try {
    return INDEX_PATH.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

/**
 * The opening of a page that is index-like by its share of link text (not by its address): its first paragraph
 * reading as a sentence (OPENING_WORDS words, a sentence end), when that is prose and not link text. A section's
 * page that says what the section is about before listing its subsections ("The Transparency submenu contains
 * commands that use or affect the alpha channel", then a link per command) is an index below its opening, not
 * in it (docs/decisions/165-an-index-pages-own-opening.md).
 */
function indexOpening(blocks: TextBlock[], linkChars: number[]): ExtractedDocument["opening"] {
  const linkText = (i: number) => (linkChars[i] ?? 0) >= INDEX_LINK_SHARE * blocks[i]!.text.length;
  const i = openingAt(blocks);
  if (i < 0 || linkText(i)) return undefined;
  return { text: spaced(blocks[i]!.text), linked: blocks.flatMap((b, j) => (linkText(j) ? [spaced(b.text)] : [])) };
}

/**
 * A passage's ranking weight: its page's, but 1 for the passage holding an index-like page's own opening while
 * less than INDEX_LINK_SHARE of it is the page's link text (a short section page chunked whole is still an index).
 */
export function passageWeight(document: Pick<ExtractedDocument, "weight" | "opening">, content: string): number {
  const weight = document.weight ?? 1;
  const opening = document.opening;
  if (!opening) return weight;
  const text = spaced(content);
  if (!text.includes(opening.text.slice(0, 80))) return weight;
  const linked = opening.linked.filter((l) => text.includes(l.slice(0, 80))).reduce((n, l) => n + l.length, 0);
  return linked < INDEX_LINK_SHARE * text.length ? 1 : weight;
}

/** Page furniture removed when a page is not "readerable" (home, pricing and contact pages). */
const FURNITURE = "nav, header, footer, aside, script, style, noscript, form, template, [role=navigation], [role=banner], [role=contentinfo], [aria-hidden=true], .navheader, .navfooter";
const FURNITURE_TAGS = new Set(["nav", "header", "footer", "aside", "script", "style", "noscript", "form", "template"]);
const FURNITURE_ROLES = new Set(["navigation", "banner", "contentinfo"]);
/**
 * Whether an element lies inside the page's main content (`<main>`, `<article>`, `role="main"`): an `<aside>` there
 * is part of it — docutils' topics (a how-to's "Abstract", its opening), sidebars and footnotes —, beside it a
 * site's sidebar, furniture (docs/decisions/158-an-aside-in-the-main-content.md).
 */
function inMainContent(element: Element): boolean {
  for (let e = element.parentElement; e; e = e.parentElement) {
    const name = e.localName.toLowerCase();
    if (name === "main" || name === "article" || e.getAttribute("role") === "main") return true;
  }
  return false;
}
const isAside = (el: Element) => el.localName.toLowerCase() === "aside";

/**
 * DocBook's navigation header and footer (the class names its XSL and DSSSL stylesheets write, the latter in
 * capitals): the page's and its chapter's titles, the previous and next pages'
 * (docs/decisions/171-docbook-navigation-is-furniture.md).
 */
const DOCBOOK_NAVIGATION = ["navheader", "navfooter"];
/** FURNITURE as a test (tag names match in any case, attribute values exactly — as css-select matches them in HTML); an aside only outside the main content. */
const isFurniture = (el: Element) => {
  if (FURNITURE_ROLES.has(el.getAttribute("role") ?? "") || el.getAttribute("aria-hidden") === "true") return true;
  if (hasClass(el, DOCBOOK_NAVIGATION, true)) return true;
  return isAside(el) ? !inMainContent(el) : FURNITURE_TAGS.has(el.localName.toLowerCase());
};

export type LinkedDocument = ReturnType<typeof parseHTML>["document"];

/** The markup each parsed page was parsed from (Readability parses it again only for a retry: readableBlocks). */
const SOURCES = new WeakMap<LinkedDocument, string>();

/** An HTML page parsed once: the crawler reads its links from it, then extractHtmlDocument its text. */
export function parseHtml(html: string): LinkedDocument {
  // linkedom needs a full document to give <body> and <title>.
  const full = /<html[\s>]/i.test(html) ? html : `<!doctype html><html><head></head><body>${html}</body></html>`;
  const document = parsedSource(full);
  SOURCES.set(document, full);
  return document;
}

/** A tag with an attribute name holding an upper-case letter: `<A HREF=`, `<DIV CLASS=` (HTML 4's way, DocBook's DSSSL pages). */
const UPPER_CASE_ATTRIBUTE = /<[A-Za-z][\w:-]*\s(?:[^<>]*\s)?[A-Z][\w:-]*\s*=/;

/**
 * linkedom's parse with attribute names in lower case, as an HTML parser makes them (linkedom keeps them as
 * written: an `<A HREF>` had no href — no link to follow, no link text in an index's share —, a `<DIV CLASS>` no
 * class for Readability). An SVG's own attributes keep their case (`viewBox`), as linkedom parses them. Only a
 * page that writes such a name is walked (docs/decisions/148-pgpool-and-slony-as-tuning-sets.md).
 */
function parsedSource(source: string): LinkedDocument {
  const document = parseHTML(source).document;
  if (UPPER_CASE_ATTRIBUTE.test(source)) {
    const root = document.documentElement;
    const lowerCase = (element: Element) => {
      if ("ownerSVGElement" in element) return false;
      for (const { name, value } of [...element.attributes]) {
        const lower = name.toLowerCase();
        if (lower === name) continue;
        element.removeAttribute(name);
        if (!element.hasAttribute(lower)) element.setAttribute(lower, value);
      }
      return false;
    };
    if (root && elementsWhere(root, lowerCase) === null) for (const element of document.querySelectorAll("*")) lowerCase(element as unknown as Element);
  }
  return document;
}

/** The body's furniture elements (found once per page: the body without furniture and the link share both skip them). */
function furnitureOf(document: LinkedDocument): ReadonlySet<unknown> {
  const body = document.body ?? document.documentElement;
  return new Set<unknown>(body ? (elementsWhere(body, isFurniture) ?? [...body.querySelectorAll(FURNITURE)].filter((el) => isFurniture(el as unknown as Element))) : []);
}

/** The body without its furniture (skipped in place: the document is left as it is for Readability). */
function fallbackBlocks(document: LinkedDocument, furniture: ReadonlySet<unknown>, links?: LinkText): TextBlock[] {
  const body = document.body ?? document.documentElement;
  if (!body) return [];
  return blocksFromDom(body, furniture, links);
}

/** Readability's article; it rewrites the document it is given. */
function readableBlocks(document: LinkedDocument): { title: string; blocks: TextBlock[] } | null {
  // Until Readability runs, the document is only read (page meta, furniture, blocks, weight): a fresh parse of
  // its source is the same page, from which Readability's retry snapshot is made when a retry needs it.
  const source = SOURCES.get(document);
  const sourceCopy = source === undefined ? undefined : () => parsedSource(source) as unknown as Document;
  const article = new LinkedomReadability(document as unknown as Document, { serializer: (node: Node) => node, keepClasses: true }, sourceCopy).parse();
  if (!article?.content) return null;
  const blocks = blocksFromDom(article.content as unknown as Parameters<typeof blocksFromDom>[0]);
  return { title: normalizeSpace(article.title ?? ""), blocks };
}

/** Headings at least, of those the body has under them, for Readability's article to be read instead of the body. */
const HEADINGS_KEPT = 0.5;

/**
 * Whether Readability's article keeps the page's headings: at least HEADINGS_KEPT of the body's (two or more:
 * docs/decisions/162-two-headings-kept.md), counted twice — the headings its blocks stand under (a definition's
 * term heads its definition), and the page's section headings (`<h1>`–`<h6>`, `sections`) among them. A page of
 * option lists keeps its terms while Readability turns its section headings into paragraphs and drops its short
 * sections ("Activate the filter": docs/decisions/169-section-headings-kept.md).
 */
function keepsHeadings(readable: TextBlock[], body: TextBlock[], sections: ReadonlySet<string>): boolean {
  const last = (blocks: TextBlock[]) => new Set(blocks.map((b) => b.headingPath.at(-1)).filter(Boolean)).size;
  const section = (blocks: TextBlock[]) => new Set(blocks.flatMap((b) => b.headingPath).filter((h) => sections.has(h))).size;
  const kept = (count: (blocks: TextBlock[]) => number) => {
    const all = count(body);
    return all < 2 || count(readable) >= HEADINGS_KEPT * all;
  };
  return kept(last) && kept(section);
}

/** The texts of a page's section headings (`<h1>`–`<h6>`), as blocksFromDom writes them in a heading path. */
function sectionHeadings(document: LinkedDocument): Set<string> {
  const root = document.body ?? document.documentElement;
  if (!root) return new Set();
  const headings = elementsWhere(root, isHeading) ?? [...root.querySelectorAll("h1,h2,h3,h4,h5,h6")];
  return new Set(headings.map((h) => normalizeSpace(h.textContent ?? "")).filter(Boolean));
}

/** A paragraph that reads as a sentence: this many words or more, ending as a sentence ends. */
const OPENING_WORDS = 8;
const SENTENCE_END = /[.!?:;]["'”’)\]]*$/u;
const spaced = (text: string) => text.replace(/\s+/g, " ").trim();

/** Where a page's opening is: its first paragraph that reads as a sentence (OPENING_WORDS words, a sentence end); -1 when none does. */
function openingAt(blocks: TextBlock[]): number {
  return blocks.findIndex((b) => {
    const text = spaced(b.text);
    return text.split(" ").length >= OPENING_WORDS && SENTENCE_END.test(text);
  });
}

/**
 * Whether Readability's article keeps the page's opening: the body's first paragraph that reads as a sentence
 * (OPENING_WORDS words, a sentence end). On a manual page Readability keeps the largest section (the options) and
 * drops what comes before it — the name, the synopsis, the description: what the command *is*
 * (`git-clone.html`'s "Clones a repository into a newly created directory", Slony-I's `slon.html`).
 */
function keepsOpening(readable: TextBlock[], body: TextBlock[]): boolean {
  const at = openingAt(body);
  if (at < 0) return true;
  const opening = spaced(body[at]!.text);
  return spaced(readable.map((b) => b.text).join(" ")).includes(opening.slice(0, 80));
}

function countChars(blocks: TextBlock[]): number {
  return blocks.reduce((n, b) => n + b.text.length, 0);
}

/**
 * A web page's readable text. Readability when the page looks like an article
 * (and keeps most of the text), otherwise the body without its furniture.
 */
export function extractHtml(html: string, url: string): ExtractedDocument {
  return extractHtmlDocument(parseHtml(html), url);
}

/**
 * extractHtml on a page already parsed (parseHtml). The page is parsed once:
 * everything that reads the document runs first and Readability, which
 * rewrites it, last: the document is used up afterwards.
 */
export function extractHtmlDocument(document: LinkedDocument, url: string): ExtractedDocument {
  const pageTitle = normalizeSpace(document.querySelector("title")?.textContent ?? "");
  const firstH1 = normalizeSpace(document.querySelector("h1")?.textContent ?? "");
  const language = declaredLanguage(document);
  const furniture = furnitureOf(document);
  const links: LinkText = { ...siteLinks(url), perBlock: [] };
  const fallback = fallbackBlocks(document, furniture, links);
  // Before Readability, which rewrites the document.
  const chars = countChars(fallback);
  const weight = indexLikeWeight(url, linkShare(document, url, furniture, chars, links.chars));
  const opening = weight < 1 && !indexByAddress(url) ? indexOpening(fallback, links.perBlock!) : undefined;
  const sections = sectionHeadings(document);
  let readable: { title: string; blocks: TextBlock[] } | null = null;
  if (isProbablyReaderable(document as unknown as Document)) {
    try {
      readable = readableBlocks(document);
    } catch {
      readable = null; // a page Readability cannot handle still has its body
    }
  }
  // Readability sometimes keeps one section of a long page (a manual page's options without its description:
  // keepsOpening), or turns its headings into paragraphs (DocBook's `<div><h2>` title pages become `<p>`s): the
  // body without furniture is better then — the answer rules read a passage's headings as what it is about
  // (docs/decisions/150-a-page-keeps-its-opening.md).
  const blocks =
    readable && countChars(readable.blocks) >= 0.5 * countChars(fallback) && keepsHeadings(readable.blocks, fallback, sections) && keepsOpening(readable.blocks, fallback) ? readable.blocks : fallback;
  const title = pageTitle || readable?.title || firstH1 || titleFromUrl(url);
  return { title, blocks, ...(weight === 1 ? {} : { weight }), ...(opening ? { opening } : {}), ...(language ? { language } : {}) };
}

function titleFromUrl(url: string): string {
  try {
    const u = new URL(url);
    const last = u.pathname.split("/").filter(Boolean).pop();
    return last ? decodeURIComponent(last).replace(/[-_]+/g, " ").replace(/\.\w+$/, "") : u.hostname;
  } catch {
    return url;
  }
}

/** Paragraphs of plain text: blank lines separate them, single line breaks do not. */
function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map(normalizeSpace)
    .filter(Boolean);
}

/** Markdown inline syntax reduced to its words. */
function stripMarkdown(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`{1,3}([^`]*)`{1,3}/g, "$1")
    .replace(/(\*\*|__)(.*?)\1/g, "$2")
    .replace(/(^|\W)[*_]([^*_\n]+)[*_](?=\W|$)/g, "$1$2")
    .replace(/^\s{0,3}>\s?/gm, "")
    .replace(/^\s*([-*+]|\d+\.)\s+/gm, "• ");
}

export function extractPlainText(text: string, kind: "txt" | "md", title?: string): ExtractedDocument {
  const normalized = text.replace(/\r\n?/g, "\n");
  if (kind === "txt") {
    return { title: title ?? "", blocks: paragraphs(normalized).map((p) => ({ headingPath: [], text: p })) };
  }
  const blocks: TextBlock[] = [];
  const headings: string[] = [];
  let firstHeading = "";
  let buffer: string[] = [];
  const flush = () => {
    for (const p of paragraphs(stripMarkdown(buffer.join("\n")))) blocks.push({ headingPath: headings.filter(Boolean), text: p });
    buffer = [];
  };
  let fenced = false;
  for (const line of normalized.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush();
      const level = (heading[1] ?? "#").length;
      const text = normalizeSpace(stripMarkdown(heading[2] ?? ""));
      headings.length = level - 1;
      headings[level - 1] = text;
      firstHeading ||= text;
    } else {
      buffer.push(line);
    }
  }
  flush();
  return { title: title ?? firstHeading, blocks };
}

export async function extractPdf(data: Uint8Array): Promise<ExtractedDocument> {
  const { getDocumentProxy, extractText, getMeta } = await import("unpdf");
  // pdf.js takes ownership of the buffer it is given: pass a copy.
  const pdf = await getDocumentProxy(new Uint8Array(data));
  try {
    const [{ text }, meta] = await Promise.all([extractText(pdf, { mergePages: false }), getMeta(pdf).catch(() => null)]);
    const info = (meta?.info ?? {}) as { Title?: unknown };
    const blocks: TextBlock[] = [];
    for (const page of text) for (const p of pdfParagraphs(page)) blocks.push({ headingPath: [], text: p });
    const title = typeof info.Title === "string" && info.Title.trim() ? normalizeSpace(info.Title) : (blocks[0]?.text.slice(0, 120) ?? "");
    return { title, blocks };
  } finally {
    await pdf.destroy();
  }
}

/**
 * pdf.js gives a page as lines. Blank lines separate paragraphs when present;
 * otherwise a line much shorter than the page's longest ends its paragraph
 * (the last line of a paragraph, a heading), and full lines run on.
 */
export function pdfParagraphs(page: string): string[] {
  const byBlank = paragraphs(page);
  if (byBlank.length > 1) return byBlank;
  const lines = page.split("\n").map(normalizeSpace).filter(Boolean);
  const longest = Math.max(0, ...lines.map((l) => l.length));
  const out: string[] = [];
  let current: string[] = [];
  for (const line of lines) {
    current.push(line);
    if (line.length < 0.75 * longest) {
      out.push(current.join(" ").replace(/(\w)- (\w)/g, "$1$2"));
      current = [];
    }
  }
  if (current.length > 0) out.push(current.join(" "));
  return out;
}

/**
 * A DOCX's text: its XML parts inflated within a bound (docx-archive.ts; a zip
 * bomb throws DocumentTooLarge), then mammoth's HTML. Images are not read:
 * they carry no text, and reading them would inflate them.
 */
export async function extractDocx(data: Uint8Array): Promise<ExtractedDocument> {
  const mammoth = (await import("mammoth")).default;
  const xml = await boundedDocxXml(data);
  const noImages = mammoth.images.imgElement(async () => ({ src: "" }));
  const { value: html } = await mammoth.convertToHtml({ buffer: Buffer.from(xml.buffer, xml.byteOffset, xml.byteLength) }, { convertImage: noImages });
  const document = parseHtml(html);
  const blocks = blocksFromDom(document.body);
  const title = normalizeSpace(document.querySelector("h1")?.textContent ?? "") || (blocks[0]?.text.slice(0, 120) ?? "");
  return { title, blocks };
}

/**
 * The bytes of a text document (TXT, MD, HTML) as a string: UTF-16 when it
 * starts with a UTF-16 byte order mark (what Windows' "Unicode" text files
 * are, and where most NUL bytes in a ".txt" come from), otherwise UTF-8 (a
 * UTF-8 mark is dropped, invalid bytes become U+FFFD). Any NUL left is removed
 * with the whitespace by normalizeSpace.
 */
export function decodeText(data: Uint8Array): string {
  const encoding = data[0] === 0xff && data[1] === 0xfe ? "utf-16le" : data[0] === 0xfe && data[1] === 0xff ? "utf-16be" : "utf-8";
  return new TextDecoder(encoding).decode(data);
}

/** The document as readable text (headings on their own lines), for previews and content hashes. */
export function documentText(doc: ExtractedDocument): string {
  const parts: string[] = [];
  let previous = "";
  for (const block of doc.blocks) {
    const path = block.headingPath.join(" › ");
    const heading = block.headingPath.at(-1);
    if (heading && path !== previous) parts.push(heading);
    previous = path;
    parts.push(block.text);
  }
  return parts.join("\n\n");
}
