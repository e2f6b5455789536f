import { XMLParser } from "fast-xml-parser";

/** A sitemap's page URLs, or the child sitemaps of a sitemap index. */
export interface SitemapEntries {
  pages: string[];
  sitemaps: string[];
}

const parser = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, processEntities: true, htmlEntities: true });

function locs(nodes: unknown): string[] {
  const list = Array.isArray(nodes) ? nodes : nodes ? [nodes] : [];
  return list
    .map((n) => (typeof n === "object" && n !== null ? (n as { loc?: unknown }).loc : undefined))
    .filter((l): l is string => typeof l === "string" && l.trim().length > 0)
    .map((l) => l.trim());
}

export function parseSitemap(xml: string): SitemapEntries {
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(xml) as Record<string, unknown>;
  } catch {
    return { pages: [], sitemaps: [] };
  }
  const urlset = doc.urlset as { url?: unknown } | undefined;
  const index = doc.sitemapindex as { sitemap?: unknown } | undefined;
  return { pages: locs(urlset?.url), sitemaps: locs(index?.sitemap) };
}
