import { describe, expect, it } from "vitest";
import { parseHtml } from "@/server/training/extraction/extract";
import { readPageMeta } from "./html-meta";

/**
 * readPageMeta finds its elements in one walk of linkedom's node list instead of five css-select queries
 * (docs/decisions/090-cheaper-dom-same-extraction.md): it must read what the selectors `base[href]`,
 * `meta[name]`, `link[rel~="canonical"][href]`, `a[href]` and `title` select.
 */
describe("readPageMeta", () => {
  const page = `<!doctype html><html><head>
    <base target="_blank"><base href="/docs/">
    <title> The   page </title>
    <meta content="noindex"><meta name="Description" content="nofollow">
    <meta name="ROBOTS" content="NoIndex">
    <link rel="stylesheet" href="/s.css"><link rel="Alternate CANONICAL" href="guide.html"><link rel="canonical" href="other.html">
  </head><body>
    <a>no address</a><a href="a.html">A</a><a href="b.html" rel="external NoFollow">B</a>
    <svg><title>drawing</title><a href="svg.html">S</a></svg>
    <template><a href="hidden.html">H</a></template>
    <p><a href="after.html">after</a></p>
  </body></html>`;

  it("reads the first base, robots metas by name in any case, the first canonical link, every followed link and the first title", () => {
    const meta = readPageMeta(parseHtml(page), "https://site.example/start/index.html");
    expect(meta).toEqual({
      title: "The page",
      noindex: true,
      nofollow: false,
      canonical: "https://site.example/docs/guide.html",
      links: ["https://site.example/docs/a.html", "https://site.example/docs/svg.html", "https://site.example/docs/after.html"],
    });
  });

  it("reads an HTML 4 page written in upper case (DocBook's DSSSL stylesheets) as an HTML parser does: `<A\\nHREF>` is a link", () => {
    const upper = `<HTML><HEAD><TITLE>Index</TITLE><LINK REL="CANONICAL" HREF="bookindex.html"></HEAD><BODY><DT>load_balance_mode,\n <A\nHREF="runtime-config-load-balancing.html#LB"\n>Load Balancing</A\n></DT></BODY></HTML>`;
    expect(readPageMeta(parseHtml(upper), "https://site.example/docs/x.html")).toEqual({
      title: "Index",
      noindex: false,
      nofollow: false,
      canonical: "https://site.example/docs/bookindex.html",
      links: ["https://site.example/docs/runtime-config-load-balancing.html"],
    });
  });

  it("follows no link when a robots meta says nofollow, and falls back to the page's address without a base", () => {
    const meta = readPageMeta(parseHtml(`<html><head><meta name="robots" content="none"></head><body><a href="x.html">x</a></body></html>`), "https://site.example/a/b.html");
    expect(meta).toEqual({ title: "", noindex: true, nofollow: true, canonical: null, links: [] });
  });
});
