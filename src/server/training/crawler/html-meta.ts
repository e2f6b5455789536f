import { normalizeUrl } from "@/server/training/crawler/urls";
import type { LinkedDocument } from "@/server/training/extraction/extract";
import { elementsWhere } from "@/server/training/extraction/linkedom-walk";

/** What the crawler itself needs from an HTML page (extracting the text is training/extraction's job). */
export interface PageMeta {
  title: string;
  noindex: boolean;
  nofollow: boolean;
  canonical: string | null;
  links: string[];
}

const OUR_ROBOTS_META = ["robots", "agencychatbotbot"];

/** The elements readPageMeta reads, found in one walk of the page (css-select's selector when the DOM is not linkedom's). */
const PAGE_META = "base[href], meta[name], link[href], a[href], title";
function isPageMeta(el: Element): boolean {
  const tag = el.localName.toLowerCase();
  if (tag === "base" || tag === "link" || tag === "a") return el.hasAttribute("href");
  return tag === "meta" ? el.hasAttribute("name") : tag === "title";
}
/** `[rel~="canonical"]`: one of its space-separated words, in any case (`rel` is case-insensitive in HTML selectors). */
const CANONICAL = /(?:^|\s)canonical(?:$|\s)/i;

/** Reads the page without changing it (extraction runs on the same parsed document afterwards). */
export function readPageMeta(document: LinkedDocument, pageUrl: string): PageMeta {
  const found = elementsWhere(document, isPageMeta) ?? [...document.querySelectorAll(PAGE_META)];
  const named = (tag: string) => found.filter((el) => el.localName.toLowerCase() === tag);
  const base = named("base")[0]?.getAttribute("href");
  const baseUrl = (base && normalizeUrl(base, pageUrl)) || pageUrl;
  let noindex = false;
  let nofollow = false;
  for (const meta of named("meta")) {
    if (!OUR_ROBOTS_META.includes((meta.getAttribute("name") ?? "").toLowerCase())) continue;
    const content = (meta.getAttribute("content") ?? "").toLowerCase();
    if (/\b(noindex|none)\b/.test(content)) noindex = true;
    if (/\b(nofollow|none)\b/.test(content)) nofollow = true;
  }
  const canonicalHref = named("link").find((link) => CANONICAL.test(link.getAttribute("rel") ?? ""))?.getAttribute("href");
  const links = new Set<string>();
  if (!nofollow) {
    // A page links to the same few pages many times over (menus, "#section" anchors): each address before its
    // fragment is normalised once — normalizeUrl drops the fragment, so what precedes it decides the result.
    const normalized = new Map<string, string | null>();
    for (const a of named("a")) {
      if (/\bnofollow\b/i.test(a.getAttribute("rel") ?? "")) continue;
      const raw = a.getAttribute("href") ?? "";
      const hash = raw.indexOf("#");
      const key = hash === -1 ? raw : raw.slice(0, hash);
      let href = normalized.get(key);
      if (href === undefined) normalized.set(key, (href = normalizeUrl(raw, baseUrl)));
      if (href) links.add(href);
    }
  }
  return {
    title: (named("title")[0]?.textContent ?? "").replace(/\s+/g, " ").trim(),
    noindex,
    nofollow,
    canonical: canonicalHref ? normalizeUrl(canonicalHref, baseUrl) : null,
    links: [...links],
  };
}

/** Robots directives sent as a header (`X-Robots-Tag: noindex`). */
export function headerNoindex(value: string | null): boolean {
  return !!value && /\b(noindex|none)\b/i.test(value);
}
