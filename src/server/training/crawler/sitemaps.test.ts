import { describe, expect, it } from "vitest";
import { parseSitemap } from "@/server/training/crawler/sitemaps";
import { isSameSite, normalizeUrl } from "@/server/training/crawler/urls";
import { readPageMeta } from "@/server/training/crawler/html-meta";
import { parseHtml } from "@/server/training/extraction/extract";

describe("sitemaps", () => {
  it("reads a urlset and a sitemap index", () => {
    expect(parseSitemap(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc> https://a.test/x </loc></url><url><loc>https://a.test/y?a=1&amp;b=2</loc></url></urlset>`)).toEqual({
      pages: ["https://a.test/x", "https://a.test/y?a=1&b=2"],
      sitemaps: [],
    });
    expect(parseSitemap(`<sitemapindex><sitemap><loc>https://a.test/s1.xml.gz</loc></sitemap></sitemapindex>`)).toEqual({ pages: [], sitemaps: ["https://a.test/s1.xml.gz"] });
    expect(parseSitemap("not xml <<<")).toEqual({ pages: [], sitemaps: [] });
  });
});

describe("urls", () => {
  it("drops fragments, tracking parameters and credentials; sorts the query", () => {
    expect(normalizeUrl("HTTPS://Example.COM:443/a?utm_source=x&b=2&a=1#top")).toBe("https://example.com/a?a=1&b=2");
    expect(normalizeUrl("/p?gclid=1", "https://example.com/x")).toBe("https://example.com/p");
    expect(normalizeUrl("mailto:a@b.c")).toBeNull();
    expect(normalizeUrl("https://user:pw@example.com/")).toBeNull();
  });
  it("treats www and apex as one site", () => {
    expect(isSameSite("https://www.example.com/a", "http://example.com/")).toBe(true);
    expect(isSameSite("https://other.com/a", "https://example.com/")).toBe(false);
  });
});

describe("page meta", () => {
  it("reads title, noindex, canonical and followable links", () => {
    const meta = readPageMeta(
      parseHtml(`<html><head><title> Hello  world </title><meta name="robots" content="NOINDEX, follow"><link rel="canonical" href="/c#x"></head>
       <body><a href="/a">a</a><a href="b?utm_medium=x">b</a><a rel="nofollow" href="/n">n</a><a href="mailto:x@y.z">m</a></body></html>`),
      "https://example.com/dir/page",
    );
    expect(meta).toEqual({ title: "Hello world", noindex: true, nofollow: false, canonical: "https://example.com/c", links: ["https://example.com/a", "https://example.com/dir/b"] });
  });
});
