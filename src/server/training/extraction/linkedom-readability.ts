import { Readability } from "@mozilla/readability";
import { elementsNamed, elementsWhere, elementsWithTags, hasClass, hasText, innerTextLength, listKeys, type ListNode } from "./linkedom-walk";

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const PLAIN_TAG = /^[a-z][a-z0-9-]*$/;
/** Every tag (elementsWithTags then lists every element). */
const ANY_TAG: Pick<ReadonlySet<string>, "has"> = { has: () => true };


/** The parts of Readability 0.6 the overrides call (not in its type declarations). */
interface ReadabilityInternals {
  _debug: boolean;
  _doc: Document;
  _disableJSONLD: boolean;
  _maxElemsToParse: number;
  _metadata: Record<string, string | undefined>;
  _articleTitle: string;
  _articleByline: string | undefined;
  _articleDir: string | undefined;
  _articleLang: string | undefined;
  _articleSiteName: string | undefined;
  _serializer: (node: Node) => unknown;
  REGEXPS: Record<string, RegExp>;
  log(...args: unknown[]): void;
  _unwrapNoscriptImages(doc: Document): void;
  _getJSONLD(doc: Document): Record<string, string>;
  _removeScripts(doc: Document): void;
  _prepDocument(): void;
  _getArticleMetadata(jsonLd: Record<string, string>): Record<string, string | undefined>;
  _grabArticle(page?: Element | null): Element | null;
  _postProcessContent(content: Element): void;
}

type Filter = (this: unknown, node: Node, i: number, list: ArrayLike<Node>) => boolean;
/** What `_grabArticle` holds instead of the page's serialisation until a retry writes it back. */
const LAZY_SNAPSHOT = Object.freeze({ lazySnapshot: true });

/** The `innerHTML` accessor `element` inherits (linkedom's element classes). */
function innerHtmlProperty(element: Element): PropertyDescriptor | null {
  for (let proto = Object.getPrototypeOf(element) as object | null; proto; proto = Object.getPrototypeOf(proto) as object | null) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, "innerHTML");
    if (descriptor) return descriptor;
  }
  return null;
}

/**
 * `body.innerHTML` of `doc` as it is when Readability's `parse` reaches `_grabArticle`: the same steps, run
 * on `doc` by a Readability with the same options, stopped there.
 */
export function bodyAtGrabArticle(doc: Document, options: ConstructorParameters<typeof Readability<unknown>>[1]): string {
  let html = "";
  class UpToGrabArticle extends LinkedomReadability<unknown> {
    _grabArticle(): Element | null {
      html = (this as unknown as ReadabilityInternals)._doc.body.innerHTML;
      return null;
    }
  }
  new UpToGrabArticle(doc, options).parse();
  return html;
}

/** Phrasing content: the elements a sentence's words are written in. */
const PHRASING_TAGS = new Set(["abbr", "acronym", "b", "bdi", "bdo", "big", "cite", "code", "data", "dfn", "em", "font", "i", "kbd", "mark", "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "tt", "u", "var"]);

/**
 * Readability drops every element whose class or id reads like furniture ("menu", "header", "comment", "extra"…:
 * its `unlikelyCandidates`) — a sentence's own words too: DocBook writes a menu's name as `<span class="guimenu">`
 * ("Layer → Mask → Apply Layer Mask" lost its three names), Sphinx as `<span class="menuselection">`. Such a name
 * says what a block is, never what a word in a sentence is: on phrasing content the class and id are removed
 * before Readability reads them (nothing the crawler reads of the article is an attribute), the blocks named
 * so are still dropped (docs/decisions/160-furniture-names-in-a-sentence.md).
 */
function withoutFurnitureNamesInText(doc: Document, regexps: Record<string, RegExp>): void {
  const unlikely = regexps.unlikelyCandidates!;
  const likely = regexps.okMaybeItsACandidate!;
  const root = doc.body ?? doc.documentElement;
  if (!root) return;
  const named = (element: Element) => {
    const name = `${element.getAttribute("class") ?? ""} ${element.getAttribute("id") ?? ""}`;
    return name.length > 1 && unlikely.test(name) && !likely.test(name);
  };
  const inText = (element: Element) => PHRASING_TAGS.has(element.localName.toLowerCase()) && named(element);
  const found = elementsWhere(root, inText) ?? [...root.querySelectorAll("*")].filter((e) => inText(e as Element));
  for (const element of found) {
    element.removeAttribute("class");
    element.removeAttribute("id");
  }
}

/** A figure: HTML's `<figure>`, DocBook's `div.figure` / `div.informalfigure`. */
const isFigure = (element: Element) => element.localName.toLowerCase() === "figure" || hasClass(element, ["figure", "informalfigure"]);
/** A caption: HTML's `<figcaption>`, DocBook's `div.caption`. */
const isCaption = (element: Element) => element.localName.toLowerCase() === "figcaption" || hasClass(element, ["caption"]);

/**
 * Readability removes a block whose class or id reads as negative (its `negative`: "media", "meta", "share"…)
 * whatever it holds — DocBook wraps a figure's image and caption in `div.mediaobject`, read as "media", so every
 * caption of a DocBook manual was lost ("Gradients from top to bottom: …", GIMP's figure of its gradients). A
 * caption says what the figure shows, in sentences of the page: a figure holding a caption, and the elements
 * between it and the caption, lose such a class or id before Readability reads them
 * (docs/decisions/167-a-figures-caption-is-content.md).
 */
function withoutNegativeNamesAroundCaptions(doc: Document, regexps: Record<string, RegExp>): void {
  const negative = regexps.negative!;
  const root = doc.body ?? doc.documentElement;
  if (!root) return;
  const captions = elementsWhere(root, isCaption) ?? [...root.querySelectorAll("*")].filter((e) => isCaption(e as Element));
  for (const caption of captions) {
    const between: Element[] = [];
    let figure: Element | null = null;
    for (let up = caption.parentElement; up && up !== root; up = up.parentElement) {
      between.push(up);
      if (isFigure(up)) {
        figure = up;
        break;
      }
    }
    if (!figure) continue;
    for (const element of [caption, ...between]) {
      if (negative.test(element.getAttribute("class") ?? "")) element.removeAttribute("class");
      if (negative.test(element.getAttribute("id") ?? "")) element.removeAttribute("id");
    }
  }
}

const base = Readability.prototype as unknown as {
  _isElementWithoutContent(n: Element): boolean;
  _isProbablyVisible(n: Element): boolean;
  _getInnerText(e: Node, normalizeSpaces?: boolean): string;
  _removeNodes(list: ArrayLike<Node>, filter?: Filter): void;
  _cleanConditionally(e: Element, tag: string): void;
  _clean(e: Element, tag: string): void;
  _prepArticle(content: Element): void;
  _getLinkDensity(element: Element): number;
  _grabArticle(page?: Element | null): Element | null;
};

/**
 * Readability on a linkedom document, extracting exactly what Readability does (the extraction golden
 * test, docs/decisions/086-one-extraction-pass-per-page.md), only faster. Each override returns what the
 * method it replaces returns (Readability 0.6.0, pinned by the golden test and `scripts/extraction/check.ts`):
 * - `_getAllNodesWithTag` (called for every candidate it scores and cleans) uses elementsWithTags;
 * - `_isValidByline` reads a node's text only when its attributes or class say "byline" (it read the whole
 *   text of every node it walked, `<html>` and `<body>` included, before looking at them);
 * - `_isElementWithoutContent` looks for one text node that is not white space instead of joining them all;
 * - `_isProbablyVisible` skips linkedom's style object (a Proxy parsing the attribute) when there is no
 *   `style` attribute: its `display` and `visibility` are then "" — visible;
 * - `_cleanConditionally`'s test of one node reads the same texts up to five times (the node's for the list
 *   share, the comma count, the ad words, the link density and the text density; its lists', links' and
 *   headings'): within one test, which changes nothing in the document, `_getInnerText` remembers them;
 * - `_clean` (ten tags, each a walk of the article) returns at once for a tag that is not in the article: the
 *   tags are listed at its first call in `_prepArticle`, and until its last call the article only loses
 *   elements (cleaning, `_cleanMatchedNodes`, `_cleanConditionally` remove; none adds one);
 * - `_getLinkDensity` lists a node's links without linkedom's `getElementsByTagName`, which upper-cases every
 *   element's name to compare it, and counts the lengths of the texts it compares without building them
 *   (innerTextLength, docs/decisions/092-crawl-cpu-per-page.md): it scores every candidate, nested five deep,
 *   so each text was built up to five times;
 * - `parse` serialises the article for its debug log only in debug mode.
 * (docs/decisions/090-cheaper-dom-same-extraction.md)
 * - `_grabArticle` serialises the page (`page.innerHTML`) before its first attempt, only to restore it for a
 *   retry (`page.innerHTML = pageCacheHtml`) when the article is shorter than `charThreshold` — 5 pages in 421
 *   of the docs bench. Given the page's source (`sourceCopy`), the serialisation is made only when a retry
 *   restores it, from a fresh parse of the source brought to the same point (the same `parse` steps, run by
 *   a copy of this object, up to `_grabArticle`): the same string, made once per retried page instead of once
 *   per page (docs/decisions/094-crawl-pages-per-second.md).
 * What the crawler reads of the article is its text and element structure (blocksFromDom), never an attribute,
 * so the article's attributes are left as they are (docs/decisions/092-crawl-cpu-per-page.md):
 * - `_fixRelativeUris` keeps its one change of structure — a `javascript:` link becomes its text (or a `<span>`
 *   holding its children) — and does not resolve every `href`, `src`, `poster` and `srcset` against the base URL;
 * - classes are kept (`keepClasses`, set by extractHtmlDocument): `_cleanClasses` only removes attributes.
 * Two steps are not Readability's, and change what it extracts: before it reads the page, the words of a sentence
 * whose markup is named like furniture lose that name (withoutFurnitureNamesInText), and so do a figure and the
 * elements around its caption (withoutNegativeNamesAroundCaptions).
 */
export class LinkedomReadability<T> extends Readability<T> {
  /**
   * `sourceCopy`: a fresh parse of the page `doc` was parsed from, untouched since (nothing but reads before
   * `parse`): `_grabArticle`'s snapshot is then made from it only when a retry needs it.
   */
  constructor(
    doc: Document,
    private readonly options: ConstructorParameters<typeof Readability<T>>[1] = {},
    private readonly sourceCopy?: () => Document,
  ) {
    super(doc, options);
    withoutFurnitureNamesInText(doc, (this as unknown as ReadabilityInternals).REGEXPS);
    withoutNegativeNamesAroundCaptions(doc, (this as unknown as ReadabilityInternals).REGEXPS);
  }

  _grabArticle(page?: Element | null): Element | null {
    // `parse` grabs the body (`page` is for paging, which Readability 0.6 does not do).
    const target = page ? null : (this as unknown as ReadabilityInternals)._doc.body;
    const innerHtml = target && this.sourceCopy ? innerHtmlProperty(target) : null;
    if (!target || !innerHtml?.get || !innerHtml.set) return base._grabArticle.call(this, page);
    const { get, set } = innerHtml;
    const copy = this.sourceCopy!;
    const options = this.options;
    let snapshotRead = false;
    let snapshot: string | undefined;
    // The first read is Readability's snapshot: a token, turned into the string only when written back.
    Object.defineProperty(target, "innerHTML", {
      configurable: true,
      get(this: Element) {
        if (snapshotRead) return get.call(this);
        snapshotRead = true;
        return LAZY_SNAPSHOT;
      },
      set(this: Element, html: unknown) {
        if (html === LAZY_SNAPSHOT) html = snapshot ??= bodyAtGrabArticle(copy(), options as ConstructorParameters<typeof Readability<unknown>>[1]);
        set.call(this, html);
      },
    });
    try {
      return base._grabArticle.call(this, page);
    } finally {
      delete (target as unknown as Record<string, unknown>).innerHTML;
    }
  }

  _getAllNodesWithTag(node: ParentNode, tagNames: string[]): ArrayLike<unknown> {
    const tags = tagNames.map((t) => t.toLowerCase());
    return (tags.every((t) => PLAIN_TAG.test(t)) && elementsWithTags(node, new Set(tags))) || node.querySelectorAll(tagNames.join(","));
  }

  _isValidByline(node: Element, matchString: string): boolean {
    const rel = node.getAttribute("rel");
    const itemprop = node.getAttribute("itemprop");
    if (!(rel === "author" || (itemprop && itemprop.includes("author")) || (this as unknown as ReadabilityInternals).REGEXPS.byline!.test(matchString))) return false;
    const bylineLength = (node.textContent ?? "").trim().length;
    return !!bylineLength && bylineLength < 100;
  }

  _isElementWithoutContent(node: Element): boolean {
    const k = listKeys(node);
    if (!k) return base._isElementWithoutContent.call(this, node);
    return (
      node.nodeType === ELEMENT_NODE &&
      !hasText(node as unknown as ListNode, k) &&
      (!node.children.length || node.children.length == node.getElementsByTagName("br").length + node.getElementsByTagName("hr").length)
    );
  }

  _isProbablyVisible(node: Element): boolean {
    if (!listKeys(node) || node.hasAttribute("style")) return base._isProbablyVisible.call(this, node);
    const className = node.className as unknown;
    return (
      !node.hasAttribute("hidden") &&
      (!node.hasAttribute("aria-hidden") ||
        node.getAttribute("aria-hidden") != "true" ||
        !!(className && (className as { includes?: unknown }).includes && (className as string).includes("fallback-image")))
    );
  }

  /** Texts read during one `_cleanConditionally` test (null outside one): nothing changes the document meanwhile. */
  private textMemo: Map<Node, string> | null = null;
  private memoizeTests = false;
  /** The tags in the article being prepared (`_prepArticle`), listed at its first `_clean` (null until then). */
  private articleTags: { of: Element; tags: Set<string> | null } | null = null;

  _getInnerText(e: Node, normalizeSpaces?: boolean): string {
    if (!this.textMemo || normalizeSpaces === false) return base._getInnerText.call(this, e, normalizeSpaces);
    let text = this.textMemo.get(e);
    if (text === undefined) this.textMemo.set(e, (text = base._getInnerText.call(this, e, true)));
    return text;
  }

  _removeNodes(list: ArrayLike<Node>, filter?: Filter): void {
    if (!filter || !this.memoizeTests) return base._removeNodes.call(this, list, filter);
    const memoized: Filter = (node, i, nodes) => {
      this.textMemo = new Map();
      try {
        return filter.call(this, node, i, nodes);
      } finally {
        this.textMemo = null;
      }
    };
    base._removeNodes.call(this, list, memoized);
  }

  _cleanConditionally(e: Element, tag: string): void {
    this.memoizeTests = true;
    try {
      base._cleanConditionally.call(this, e, tag);
    } finally {
      this.memoizeTests = false;
    }
  }

  _prepArticle(content: Element): void {
    this.articleTags = { of: content, tags: null };
    try {
      base._prepArticle.call(this, content);
    } finally {
      this.articleTags = null;
    }
  }

  _clean(e: Element, tag: string): void {
    const article = this.articleTags?.of === e ? this.articleTags : null;
    if (article && !article.tags) {
      const all = elementsWithTags(e, ANY_TAG);
      article.tags = all && new Set(all.map((el) => el.localName.toLowerCase()));
    }
    if (!article?.tags || article.tags.has(tag)) base._clean.call(this, e, tag);
  }

  /**
   * Readability 0.6.0's `_getLinkDensity`, its links found by elementsNamed (the same walk and test as
   * `getElementsByTagName("a")`), the lengths of `_getInnerText` counted by innerTextLength.
   */
  _getLinkDensity(element: Element): number {
    const links = elementsNamed(element, "a");
    const k = listKeys(element);
    if (!links || !k) return base._getLinkDensity.call(this, element);
    const textLength = this.innerTextLength(element, k);
    if (textLength === 0) return 0;
    const hashUrl = (this as unknown as ReadabilityInternals).REGEXPS.hashUrl!;
    let linkLength = 0;
    for (const link of links) {
      const href = link.getAttribute("href");
      const coefficient = href && hashUrl.test(href) ? 0.3 : 1;
      linkLength += this.innerTextLength(link, k) * coefficient;
    }
    return linkLength / textLength;
  }

  /** `this._getInnerText(node).length`: the remembered text's length within a cleaning test, else counted without building the text. */
  private innerTextLength(node: Element, k: { next: symbol; end: symbol }): number {
    return this.textMemo?.get(node)?.length ?? innerTextLength(node as unknown as ListNode, k);
  }

  /** Readability 0.6.0's `_fixRelativeUris` without its attribute rewrites (see the class comment). */
  _fixRelativeUris(articleContent: Element): void {
    const self = this as unknown as ReadabilityInternals;
    for (const link of Array.from(this._getAllNodesWithTag(articleContent, ["a"]) as ArrayLike<Element>)) {
      const href = link.getAttribute("href");
      if (!href || href.indexOf("javascript:") !== 0) continue;
      if (link.childNodes.length === 1 && link.childNodes[0]!.nodeType === TEXT_NODE) {
        link.parentNode!.replaceChild(self._doc.createTextNode(link.textContent ?? ""), link);
      } else {
        const container = self._doc.createElement("span");
        while (link.firstChild) container.appendChild(link.firstChild);
        link.parentNode!.replaceChild(container, link);
      }
    }
  }

  /** Readability 0.6.0's parse, line for line, except that the article is serialised for the log only when debugging. */
  parse() {
    const self = this as unknown as ReadabilityInternals;
    if (self._maxElemsToParse > 0) {
      const numTags = self._doc.getElementsByTagName("*").length;
      if (numTags > self._maxElemsToParse) throw new Error("Aborting parsing document; " + numTags + " elements found");
    }
    self._unwrapNoscriptImages(self._doc);
    const jsonLd = self._disableJSONLD ? {} : self._getJSONLD(self._doc);
    self._removeScripts(self._doc);
    self._prepDocument();
    const metadata = self._getArticleMetadata(jsonLd);
    self._metadata = metadata;
    self._articleTitle = metadata.title as string;
    const articleContent = self._grabArticle();
    if (!articleContent) return null;
    if (self._debug) self.log("Grabbed: " + articleContent.innerHTML);
    self._postProcessContent(articleContent);
    if (!metadata.excerpt) {
      const paragraphs = articleContent.getElementsByTagName("p");
      if (paragraphs.length) metadata.excerpt = paragraphs[0]!.textContent!.trim();
    }
    const textContent = articleContent.textContent ?? "";
    return {
      title: self._articleTitle,
      byline: metadata.byline || self._articleByline,
      dir: self._articleDir,
      lang: self._articleLang,
      content: self._serializer(articleContent),
      textContent,
      length: textContent.length,
      excerpt: metadata.excerpt,
      siteName: metadata.siteName || self._articleSiteName,
      publishedTime: metadata.publishedTime,
    } as ReturnType<Readability<T>["parse"]>;
  }
}
