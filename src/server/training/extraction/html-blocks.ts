/**
 * Turns a DOM subtree into text blocks that remember the headings above them.
 * Block elements (paragraphs, list items, table rows, …) become one block each;
 * loose inline text inside containers is gathered into a block of its own, so
 * nothing readable is dropped. Shared by HTML pages and DOCX (via mammoth's HTML).
 */
import { BoundedMemo } from "@/server/kernel/lib/bounded-memo";

export interface TextBlock {
  headingPath: string[];
  text: string;
}

const HEADING = /^H([1-6])$/;
/** Joins the terms of a definition list that share one definition, in the heading they make together. */
export const TERM_SEPARATOR = " · ";
/** Elements whose whole text is one block (a `<dd>` is not: it may hold paragraphs and nested definition lists). */
const BLOCK_LEAVES = new Set(["P", "LI", "PRE", "BLOCKQUOTE", "DT", "FIGCAPTION", "CAPTION", "ADDRESS", "SUMMARY", "LABEL"]);
/** Elements that never carry readable content. */
const SKIPPED = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "SVG", "CANVAS", "IFRAME", "OBJECT", "BUTTON", "SELECT", "INPUT", "TEXTAREA"]);
/** Inline elements: their text joins the surrounding run. */
const INLINE = new Set([
  "A", "ABBR", "B", "BDI", "BDO", "CITE", "CODE", "DATA", "DFN", "EM", "I", "KBD", "MARK", "Q", "S", "SAMP", "SMALL",
  "SPAN", "STRONG", "SUB", "SUP", "TIME", "U", "VAR", "WBR", "BR", "IMG", "DEL", "INS",
]);

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

interface DomNode {
  nodeType: number;
  nodeName: string;
  /** An element's tag name as written (linkedom's `nodeName` is it upper-cased, made anew at every read). */
  localName?: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
  firstChild: DomNode | null;
  nextSibling: DomNode | null;
}

/** Upper-cased tag names, remembered (a page has a few dozen, met thousands of times). */
const UPPER_NAMES = new BoundedMemo<string, string>(10_000);
/**
 * `node.nodeName.toUpperCase()` for an element: in an HTML document (linkedom's `ignoreCase`) nodeName is the
 * upper-cased localName, otherwise localName itself — upper-cased, the same either way.
 */
function upperName(node: DomNode): string {
  const name = node.localName ?? node.nodeName;
  let upper = UPPER_NAMES.get(name);
  if (upper === undefined) UPPER_NAMES.set(name, (upper = name.toUpperCase()));
  return upper;
}

/** Runs of whitespace as one space; NUL characters dropped (they carry no text, and a PostgreSQL `text` column cannot hold them). */
export function normalizeSpace(text: string): string {
  return text.replace(/\u0000/g, "").replace(/[\s\u00a0\u200b]+/g, " ").trim();
}

/**
 * The link text a walk puts into blocks: `isLink` tells which `<a>` elements count, `chars` adds up their text.
 * A heading's or a term's text is in no block, nor is a link in it (extract.ts: an index-like page).
 */
export interface LinkText {
  isLink: (element: object) => boolean;
  chars: number;
  /** When present, the link text of each block the walk makes, in order (extract.ts: an index-like page's opening). */
  perBlock?: number[];
}

function textOf(node: DomNode, skip: ReadonlySet<unknown>, links?: LinkText): string {
  if (node.nodeType === TEXT_NODE) return node.textContent ?? "";
  if (node.nodeType !== ELEMENT_NODE) return "";
  const name = upperName(node);
  if (SKIPPED.has(name) || skip.has(node)) return "";
  if (name === "BR") return "\n";
  let out = "";
  // Children by sibling links: linkedom's `childNodes` walks them all into a new array at every read.
  for (let child = node.firstChild; child; child = child.nextSibling) out += textOf(child, skip, links);
  if (links && name === "A" && links.isLink(node)) links.chars += normalizeSpace(out).length;
  // Separate adjacent block-ish children (e.g. <div>s inside an <li>) by a space.
  return INLINE.has(name) ? out : ` ${out} `;
}

/**
 * `skip`: elements left out with everything inside them (the page furniture
 * of extract.ts), without removing them from the document. `links`: counts the
 * link text the blocks hold.
 */
export function blocksFromDom(root: DomNode, skip: ReadonlySet<unknown> = new Set(), links?: LinkText): TextBlock[] {
  const blocks: TextBlock[] = [];
  const headings: string[] = []; // index = heading level - 1
  let run = "";

  const path = () => headings.filter((h) => h !== undefined && h !== "");
  let linked = links?.chars ?? 0;
  const push = (text: string) => {
    const clean = normalizeSpace(text);
    if (!clean) return;
    blocks.push({ headingPath: path(), text: clean });
    if (links?.perBlock) links.perBlock.push(links.chars - linked);
    linked = links?.chars ?? 0;
  };
  const flush = () => {
    push(run);
    run = "";
  };

  const visit = (node: DomNode) => {
    if (node.nodeType === TEXT_NODE) {
      run += node.textContent ?? "";
      return;
    }
    if (node.nodeType !== ELEMENT_NODE) return;
    const name = upperName(node);
    if (SKIPPED.has(name) || skip.has(node)) return;
    if (INLINE.has(name)) {
      run += textOf(node, skip, links);
      return;
    }
    flush();
    const heading = HEADING.exec(name);
    if (heading) {
      const level = Number(heading[1]);
      headings.length = level - 1;
      headings[level - 1] = normalizeSpace(textOf(node, skip));
      return;
    }
    if (name === "DL") {
      // A definition list: each term (DT) heads the definitions (DD) after it, one level below the
      // headings above — a page that *defines* a term carries it as a heading (weight A), not only as
      // a line of its text. Nested lists nest; after the list the headings are as they were.
      // Terms listed together before one definition (`<dt>a</dt><dt>b</dt><dd>…`) head it together,
      // joined by TERM_SEPARATOR, so each one is still a term the passage defines.
      const outer = headings.slice();
      let afterTerm = false;
      for (let child = node.firstChild; child; child = child.nextSibling) {
        const childName = child.nodeType === ELEMENT_NODE ? upperName(child) : "";
        if (childName === "DT") {
          const term = normalizeSpace(textOf(child, skip));
          const previous = afterTerm ? headings[outer.length] : undefined;
          headings.length = outer.length;
          headings[outer.length] = previous && term ? `${previous}${TERM_SEPARATOR}${term}` : term || (previous ?? "");
          afterTerm = true;
        } else {
          if (child.nodeType === ELEMENT_NODE || normalizeSpace(child.textContent ?? "")) afterTerm = false;
          visit(child);
        }
      }
      flush();
      headings.length = 0;
      headings.push(...outer);
      return;
    }
    if (BLOCK_LEAVES.has(name)) {
      push(textOf(node, skip, links));
      return;
    }
    if (name === "TR") {
      // A table row reads as one line: "Starter | $29 a month | 1 agent".
      const cells = Array.from(node.childNodes)
        .filter((c) => c.nodeType === ELEMENT_NODE)
        .map((c) => normalizeSpace(textOf(c, skip, links)))
        .filter(Boolean);
      push(cells.join(" | "));
      return;
    }
    for (let child = node.firstChild; child; child = child.nextSibling) visit(child);
    flush();
  };

  visit(root);
  flush();
  return blocks;
}
