import { normalizeUrl } from "@/server/training/crawler/urls";
import type { LinkedDocument } from "@/server/training/retrieval/extract";

/** What the crawler itself needs from an HTML page (extraction of the text is retrieval's job). */
export interface PageMeta {
  title: string;
  noindex: boolean;
  nofollow: boolean;
  canonical: string | null;
  links: string[];
}

const OUR_ROBOTS_META = ["robots", "agencychatbotbot"];

/** Reads the page without changing it (extraction runs on the same parsed document afterwards). */
export function readPageMeta(document: LinkedDocument, pageUrl: string): PageMeta {
  const base = document.querySelector("base[href]")?.getAttribute("href");
  const baseUrl = (base && normalizeUrl(base, pageUrl)) || pageUrl;
  let noindex = false;
  let nofollow = false;
  for (const meta of document.querySelectorAll("meta[name]")) {
    if (!OUR_ROBOTS_META.includes((meta.getAttribute("name") ?? "").toLowerCase())) continue;
    const content = (meta.getAttribute("content") ?? "").toLowerCase();
    if (/\b(noindex|none)\b/.test(content)) noindex = true;
    if (/\b(nofollow|none)\b/.test(content)) nofollow = true;
  }
  const canonicalHref = document.querySelector('link[rel~="canonical"][href]')?.getAttribute("href");
  const links = new Set<string>();
  if (!nofollow) {
    for (const a of document.querySelectorAll("a[href]")) {
      if (/\bnofollow\b/i.test(a.getAttribute("rel") ?? "")) continue;
      const href = normalizeUrl(a.getAttribute("href") ?? "", baseUrl);
      if (href) links.add(href);
    }
  }
  return {
    title: (document.querySelector("title")?.textContent ?? "").replace(/\s+/g, " ").trim(),
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
