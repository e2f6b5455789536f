import { Readability } from "@mozilla/readability";

const ELEMENT_NODE = 1;
const PLAIN_TAG = /^[a-z][a-z0-9-]*$/;

/** A linkedom node: its document is a linked list of nodes, each element's `end` marking where it closes. */
interface ListNode {
  nodeType: number;
  localName: string;
  [key: symbol]: ListNode | undefined;
}

/** linkedom's private `next`/`end` keys (not exported), read off a node once; null when the DOM is not linkedom's. */
let keys: { next: symbol; end: symbol } | null | undefined;
function listKeys(node: object): { next: symbol; end: symbol } | null {
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
export function elementsWithTags(root: object, tags: ReadonlySet<string>): ListNode[] | null {
  const k = listKeys(root);
  if (!k) return null;
  const found: ListNode[] = [];
  const end = (root as ListNode)[k.end];
  let next = (root as ListNode)[k.next];
  while (next && next !== end) {
    const element = next.nodeType === ELEMENT_NODE;
    if (element && (tags.has(next.localName) || tags.has(next.localName.toLowerCase()))) found.push(next);
    next = element && next.localName === "template" ? next[k.end] : next[k.next];
  }
  return found;
}

/**
 * Readability on a linkedom document, extracting exactly what Readability does (the extraction golden
 * test, docs/decisions/086-one-extraction-pass-per-page.md), only faster: its tag look-ups
 * (`_getAllNodesWithTag`, called for every candidate it scores and cleans) use elementsWithTags.
 */
export class LinkedomReadability<T> extends Readability<T> {
  _getAllNodesWithTag(node: ParentNode, tagNames: string[]): ArrayLike<unknown> {
    const tags = tagNames.map((t) => t.toLowerCase());
    return (tags.every((t) => PLAIN_TAG.test(t)) && elementsWithTags(node, new Set(tags))) || node.querySelectorAll(tagNames.join(","));
  }
}
