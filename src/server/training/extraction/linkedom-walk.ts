/**
 * Walks over linkedom's document, which is a linked list of nodes (an element's `end` node marks where it
 * closes): the same walk as linkedom's own `querySelectorAll`, with a plain test per element where it runs
 * css-select's compiled selector against every one (docs/decisions/086-one-extraction-pass-per-page.md,
 * docs/decisions/090-cheaper-dom-same-extraction.md). The walks return null for another DOM.
 */
import { BoundedMemo } from "@/server/kernel/lib/bounded-memo";

const ELEMENT_NODE = 1;

/** A linkedom node: its document is a linked list of nodes, each element's `end` marking where it closes. */
export interface ListNode {
  nodeType: number;
  localName: string;
  [key: symbol]: ListNode | undefined;
}

/** linkedom's private `next`/`end` keys (not exported), read off a node once; null when the DOM is not linkedom's. */
let keys: { next: symbol; end: symbol } | null | undefined;
export function listKeys(node: object): { next: symbol; end: symbol } | null {
  if (keys !== undefined) return keys;
  const symbols = Object.getOwnPropertySymbols(node);
  const next = symbols.find((s) => s.description === "next");
  const end = symbols.find((s) => s.description === "end");
  keys = next && end ? { next, end } : null;
  return keys;
}

/**
 * The elements under `root` whose tag is one of `tags` (lower case), in document order: the walk of
 * linkedom's own `querySelectorAll` (a template's content is skipped), with a set look-up where it runs
 * css-select's compiled selector against every element — what Readability's many tag look-ups spent
 * their time on. Null when the DOM is not linkedom's.
 */
export function elementsWithTags(root: object, tags: Pick<ReadonlySet<string>, "has">): ListNode[] | null {
  const hasTag = (element: Element) => tags.has(element.localName) || tags.has(lowerCase(element.localName));
  return elementsWhere(root, hasTag) as unknown as ListNode[] | null;
}

/** `name.toLowerCase()`, remembered: a page has a few dozen tag names, met thousands of times. */
const LOWER_NAMES = new BoundedMemo<string, string>(10_000);
function lowerCase(name: string): string {
  let lower = LOWER_NAMES.get(name);
  if (lower === undefined) LOWER_NAMES.set(name, (lower = name.toLowerCase()));
  return lower;
}

/**
 * The elements under `root` that `match`, in document order: the walk of elementsWithTags with any test (the
 * tests that replace css-select's say which selector they stand for). Null when the DOM is not linkedom's.
 */
export function elementsWhere(root: object, match: (element: Element) => boolean): Element[] | null {
  const k = listKeys(root);
  if (!k) return null;
  const found: Element[] = [];
  const end = (root as ListNode)[k.end];
  let next = (root as ListNode)[k.next];
  while (next && next !== end) {
    const element = next.nodeType === ELEMENT_NODE;
    if (element && match(next as unknown as Element)) found.push(next as unknown as Element);
    next = element && next.localName === "template" ? next[k.end] : next[k.next];
  }
  return found;
}

/**
 * What linkedom's `getElementsByTagName(tag)` returns for a lower-case `tag`, as an array: every element
 * under `root` (template contents included) whose `localName` is `tag` — its other test, the upper-cased
 * name equal to `tag`, cannot hold for a name with a lower-case letter, and computing it was its cost.
 */
export function elementsNamed(root: object, tag: string): Element[] | null {
  const k = listKeys(root);
  if (!k || !/[a-z]/.test(tag)) return null;
  const found: Element[] = [];
  const end = (root as ListNode)[k.end];
  for (let next = (root as ListNode)[k.next]; next && next !== end; next = next[k.next]) {
    if (next.nodeType === ELEMENT_NODE && next.localName === tag) found.push(next as unknown as Element);
  }
  return found;
}

/** True when `node` has a text descendant that is not only white space: `textContent.trim()` is not empty, without building it. */
export function hasText(node: ListNode, k: { next: symbol; end: symbol }): boolean {
  const end = node[k.end];
  for (let next = node[k.next]; next && next !== end; next = next[k.next]) {
    if ((next.nodeType === TEXT_NODE || next.nodeType === CDATA_SECTION_NODE) && NOT_SPACE.test((next as unknown as Text).textContent ?? "")) return true;
  }
  return false;
}

/**
 * `node.textContent.trim().replace(/\s{2,}/g, " ").length` — the length of Readability's `_getInnerText(node)` —
 * without building the text: its characters that are not white space, plus one for each run of white space
 * between two of them (a run of one stays one character, a longer run becomes one space; the runs at either
 * end are trimmed). White space is what `\s` matches, the same set `trim` removes; every such character is one
 * UTF-16 unit.
 */
export function innerTextLength(node: ListNode, k: { next: symbol; end: symbol }): number {
  let length = 0;
  let started = false;
  let space = false;
  const end = node[k.end];
  for (let next = node[k.next]; next && next !== end; next = next[k.next]) {
    if (next.nodeType !== TEXT_NODE && next.nodeType !== CDATA_SECTION_NODE) continue;
    const text = (next as unknown as Text).textContent ?? "";
    for (let i = 0; i < text.length; i++) {
      if (isSpace(text.charCodeAt(i))) {
        space = started;
      } else {
        if (space) length++;
        length++;
        started = true;
        space = false;
      }
    }
  }
  return length;
}

/** `/\s/.test(String.fromCharCode(c))` for one UTF-16 unit. */
function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 160) return false;
  return c === 160 || c === 5760 || (c >= 8192 && c <= 8202) || c === 8232 || c === 8233 || c === 8239 || c === 8287 || c === 12288 || c === 65279;
}

const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;
/** What `String.prototype.trim` leaves: `\s` is exactly the white space and line terminators trim removes. */
const NOT_SPACE = /\S/;

/** Whether an element's class attribute lists one of `names`; `anyCase`: written in any case too (DocBook's DSSSL pages write `CLASS="NAVHEADER"`). */
export function hasClass(element: Element, names: readonly string[], anyCase = false): boolean {
  const listed = (element.getAttribute("class") ?? "").split(/\s+/);
  return listed.some((name) => names.includes(anyCase ? name.toLowerCase() : name));
}
