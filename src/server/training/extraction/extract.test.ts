import { describe, expect, it } from "vitest";
import { decodeText, documentText, extractHtml, extractPlainText, INDEX_LIKE_WEIGHT, parseHtml, passageWeight, pdfParagraphs } from "./extract";

const page = (body: string, title = "Pricing — Acme") => `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;

describe("extractHtml", () => {
  it("makes each term of a definition list a heading: terms sharing a definition together, nested lists below", () => {
    const doc = extractHtml(
      page(`<main><h1>stat</h1><dl><dt>stat.UF_NODUMP</dt><dt>stat.UF_APPEND</dt><dd>Flags.</dd>
        <dt>class stat.Mode</dt><dd><p>A mode.</p><dl><dt>is_dir()</dt><dd>Is a directory.</dd></dl></dd></dl></main>`),
      "https://docs.example/library/stat.html",
    );
    expect(doc.blocks).toEqual([
      { headingPath: ["stat", "stat.UF_NODUMP · stat.UF_APPEND"], text: "Flags." },
      { headingPath: ["stat", "class stat.Mode"], text: "A mode." },
      { headingPath: ["stat", "class stat.Mode", "is_dir()"], text: "Is a directory." },
    ]);
  });

  it("drops page furniture on pages that are not articles and keeps headings, tables and loose text", () => {
    const doc = extractHtml(
      page(`<header>Acme logo</header><nav><a href="/">Home</a></nav><main><h1>Pricing</h1><p>Plans for <b>every</b> team.</p>
        <table><tr><th>Plan</th><th>Price</th></tr><tr><td>Starter</td><td>$29</td></tr></table>
        <h2>FAQ</h2><div>Loose text<div>nested</div></div></main><aside>Ad</aside><form><label>Email</label></form>
        <footer>© Acme</footer><script>var x = 1</script>`),
      "https://acme.test/pricing",
    );
    expect(doc.title).toBe("Pricing — Acme");
    expect(doc.blocks).toEqual([
      { headingPath: ["Pricing"], text: "Plans for every team." },
      { headingPath: ["Pricing"], text: "Plan | Price" },
      { headingPath: ["Pricing"], text: "Starter | $29" },
      { headingPath: ["Pricing", "FAQ"], text: "Loose text" },
      { headingPath: ["Pricing", "FAQ"], text: "nested" },
    ]);
  });

  it("keeps an <aside> inside the main content (docutils' topic: a how-to's abstract), drops one beside it (record 158)", () => {
    const howto = page(
      `<aside class="site-sidebar"><p>Browse the site by topic and find every guide we have written for you here.</p></aside><div class="body" role="main"><h1>Annotations Best Practices</h1><aside class="topic"><p class="topic-title">Abstract</p><p>This document is designed to encapsulate the best practices for working with annotations dicts.</p></aside><h2>Accessing the annotations dict</h2><p>Python 3.10 adds a new function to the standard library: inspect.get_annotations().</p></div>`,
      "Annotations Best Practices",
    );
    const text = extractHtml(howto, "https://docs.example/howto/annotations.html").blocks.map((b) => b.text).join(" ");
    expect(text).toContain("This document is designed to encapsulate the best practices");
    expect(text).not.toContain("Browse the site by topic");
    // Marked as navigation, it is furniture wherever it stands.
    const marked = extractHtml(howto.replace('<aside class="topic">', '<aside class="topic" role="navigation">'), "https://docs.example/howto/annotations.html");
    expect(marked.blocks.map((b) => b.text).join(" ")).not.toContain("This document is designed");
  });

  it("uses Readability on article pages: the article text without the site chrome", () => {
    const paragraph = (i: number) =>
      `<p>Paragraph ${i} of a long article about riding through a wet winter, with lights, tyres, clothing and route planning advice for commuters who ride every day.</p>`;
    const doc = extractHtml(
      page(
        `<nav><ul><li><a href="/a">Shop</a></li><li><a href="/b">Blog</a></li></ul></nav><article><h1>Winter riding</h1>${Array.from({ length: 8 }, (_, i) => paragraph(i)).join("")}<h2>Lights</h2>${paragraph(9)}</article><footer>Newsletter sign-up</footer>`,
        "Winter riding — Blog",
      ),
      "https://acme.test/blog/winter",
    );
    const text = documentText(doc);
    expect(text).toContain("Paragraph 0 of a long article");
    expect(text).toContain("Paragraph 9");
    expect(text).not.toContain("Newsletter");
    expect(text).not.toContain("Shop");
    expect(doc.blocks.find((b) => b.text.startsWith("Paragraph 9"))?.headingPath.at(-1)).toBe("Lights");
  });

  it("keeps the words of a sentence whose markup is named like furniture (a menu's name, a mail header), drops the block so named", () => {
    const paragraph = (i: number) =>
      i === 3
        ? `<p>Paragraph ${i}: you can undo the most recent action by choosing <span class="guimenu">Edit</span> → <span class="guimenuitem">Undo</span> from the image menu, and the <span class="mailheader">Content-Type</span> header names the data.</p>`
        : `<p>Paragraph ${i} of a long section about undoing what you did to an image, step after step, with the history kept for each image you work on.</p>`;
    const doc = extractHtml(
      page(`<article><h1>Undoing</h1>${Array.from({ length: 8 }, (_, i) => paragraph(i)).join("")}<div class="menu"><p>Other pages of this site you may like to read next, with a long description of each of them.</p></div></article>`, "Undoing"),
      "https://docs.example/undo.html",
    );
    const text = documentText(doc);
    expect(text).toContain("Paragraph 3: you can undo the most recent action by choosing Edit → Undo from the image menu, and the Content-Type header names the data.");
    expect(text).toContain("Paragraph 7");
    expect(text).not.toContain("Other pages of this site");
  });

  it("keeps a figure's caption, which DocBook wraps in a `div.mediaobject` Readability reads as furniture; drops a media block that is no figure", () => {
    const paragraph = (i: number) => `<p>Paragraph ${i} of a long section about gradients, the colours they blend from one end to the other, and the tools that paint with them.</p>`;
    const figure = `<div class="figure"><p class="title"><strong>Figure 7.23. Some examples of GIMP gradients.</strong></p><div class="figure-contents"><div class="mediaobject"><img src="gradient-examples.png" alt="Some examples of GIMP gradients." /><div class="caption"><p>Gradients from top to bottom: FG to BG (RGB); Full saturation spectrum; Nauseating headache; Browns; Four bars.</p></div></div></div></div>`;
    const doc = extractHtml(
      page(`<article><h1>Gradients</h1>${figure}${Array.from({ length: 8 }, (_, i) => paragraph(i)).join("")}<div class="social-media"><p>Share this page with your friends on every network you use, and follow us for more tips each week.</p></div></article>`, "Gradients"),
      "https://docs.example/gradients.html",
    );
    const text = documentText(doc);
    expect(text).toContain("Gradients from top to bottom: FG to BG (RGB); Full saturation spectrum; Nauseating headache; Browns; Four bars.");
    expect(text).toContain("Paragraph 7");
    expect(text).not.toContain("Share this page");
  });

  it("keeps a DocBook chapter's section headings, which Readability turns into paragraphs: the body is read then", () => {
    const paragraph = (i: number) => `<p>Paragraph ${i} explains how the package manager resolves dependencies, downloads archives and unpacks them in order, with the options an administrator uses most.</p>`;
    const section = (n: number) => `<div class="section"><div class="titlepage"><div><div><h2 class="title"><a id="s${n}"></a>2.${n}. Section ${n} of the chapter</h2></div></div></div>${paragraph(2 * n)}${paragraph(2 * n + 1)}</div>`;
    const doc = extractHtml(
      page(`<div class="chapter"><div class="titlepage"><div><div><h1 class="title"><a id="c2"></a>Chapter 2. Package management</h1></div></div></div>${[1, 2, 3, 4].map(section).join("")}</div>`, "Chapter 2. Package management"),
      "https://docs.example/ch02.html",
    );
    expect(doc.blocks.find((b) => b.text.startsWith("Paragraph 6"))?.headingPath).toEqual(["Chapter 2. Package management", "2.3. Section 3 of the chapter"]);
  });

  it("keeps a section page's two headings, which Readability turns into paragraphs: the body is read then", () => {
    const paragraph = (i: number) =>
      `<p>Paragraph ${i} explains how paths are drawn point after point, how their curves are bent with handles, how a finished path is closed, and how the path is then stroked with a brush or filled with a color, a pattern or a gradient, as the tool options say.</p>`;
    const doc = extractHtml(
      page(
        `<div class="sect1"><div class="titlepage"><div><div><h2 class="title"><a id="paths"></a>5. Paths</h2></div></div></div>${paragraph(0)}${paragraph(1)}` +
          `<p>A path can be used in several ways:</p><div class="itemizedlist"><ul class="itemizedlist"><li class="listitem"><p>You can convert a closed path to a selection.</p></li><li class="listitem"><p>Any path can be stroked.</p></li></ul></div>` +
          `<div class="sect2"><div class="titlepage"><div><div><h3 class="title"><a id="create"></a>5.1. Path Creation</h3></div></div></div>${[2, 3, 4, 5].map(paragraph).join("")}</div></div>`,
        "5. Paths",
      ),
      "https://docs.example/gimp-using-paths.html",
    );
    expect(doc.blocks.find((b) => b.text === "You can convert a closed path to a selection.")?.headingPath).toEqual(["5. Paths"]);
    expect(doc.blocks.find((b) => b.text.startsWith("Paragraph 5"))?.headingPath).toEqual(["5. Paths", "5.1. Path Creation"]);
  });

  it("keeps a filter page's section headings and its short section, which Readability drops while it keeps the options' terms: the body is read then, without DocBook's navigation", () => {
    const option = (i: number) =>
      `<dt><span class="term">Option ${i}</span></dt><dd><p>Option ${i} sets how strongly the filter maps the colors of the sample onto the destination image, from a faint tint to the sample's full colors, as the preview shows at once.</p></dd>`;
    const section = (id: string, title: string, body: string) => `<div class="sect3"><div class="titlepage"><div><div><h4 class="title"><a id="${id}"></a>${title}</h4></div></div></div>${body}</div>`;
    const doc = extractHtml(
      page(
        `<div class="navheader"><table><tr><th colspan="3">8.42. Sample Colorize</th></tr><tr><td><a accesskey="p" href="plug-in-rotate-colormap.html">Prev</a></td><th>8. The Colors Menu</th><td><a accesskey="n" href="plug-in-colors-sample.html">Next</a></td></tr></table></div>` +
          `<div class="sect2"><div class="titlepage"><div><div><h3 class="title"><a id="colorize"></a>8.42. Sample Colorize</h3></div></div></div>` +
          section("overview", "8.42.1. Overview", `<p>This filter allows you to colorize old black and white images by mapping the colors of a color sample image onto the grays of the destination image, one gray level after another.</p>`) +
          section("activate", "8.42.2. Activating the filter", `<p>You can find this filter in the image window menu under <span class="guimenu">Colors</span> → <span class="guisubmenu">Map</span> → <span class="guimenuitem">Sample Colorize</span>.</p>`) +
          section("options", "8.42.3. Options", `<div class="variablelist"><dl class="variablelist">${Array.from({ length: 8 }, (_, i) => option(i)).join("")}</dl></div>`) +
          `</div>` +
          `<div class="navfooter"><table><tr><td><a accesskey="p" href="plug-in-rotate-colormap.html">8.41. Rotate Colors</a></td><td><a accesskey="h" href="index.html">Home</a></td><td><a accesskey="n" href="plug-in-colors-sample.html">8.43. Set Colormap</a></td></tr></table></div>`,
        "8.42. Sample Colorize",
      ),
      "https://docs.example/plug-in-sample-colorize.html",
    );
    expect(doc.blocks.find((b) => b.text.startsWith("You can find this filter"))?.headingPath).toEqual(["8.42. Sample Colorize", "8.42.2. Activating the filter"]);
    expect(doc.blocks.find((b) => b.text.startsWith("Option 7 sets"))?.headingPath).toEqual(["8.42. Sample Colorize", "8.42.3. Options", "Option 7"]);
    // DocBook's navigation header and footer are furniture (record 171): no chapter title, no neighbour's title.
    const text = documentText(doc);
    expect(text).not.toContain("8. The Colors Menu");
    expect(text).not.toContain("8.43. Set Colormap");
  });

  it("keeps a manual page's description, which Readability drops for its larger options section: the body is read then", () => {
    const option = (i: number) =>
      `<dt class="hdlist1">--option-${i}</dt><dd><p>Option ${i} changes how the command copies the objects of the source repository, which transport it uses and which references it writes, as most scripts need at one time or another.</p></dd>`;
    const section = (id: string, title: string, body: string) => `<div class="sect1"><h2 id="${id}">${title}</h2><div class="sectionbody">${body}</div></div>`;
    const doc = extractHtml(
      page(
        `<div id="header"><h1>tool-clone(1) Manual Page</h1><h2>NAME</h2><div class="sectionbody"><p>tool-clone - Clone a repository into a new directory</p></div></div><div id="content">` +
          section("_synopsis", "SYNOPSIS", `<pre>tool clone [--option-1] &lt;repository&gt;</pre>`) +
          section("_description", "DESCRIPTION", `<p>Clones a repository into a newly created directory, and creates a remote-tracking branch for each branch in the cloned repository.</p>`) +
          section("_options", "OPTIONS", `<dl>${Array.from({ length: 12 }, (_, i) => option(i)).join("")}</dl>`) +
          `</div>`,
        "tool-clone(1)",
      ),
      "https://docs.example/tool-clone.html",
    );
    expect(doc.blocks.find((b) => b.text.startsWith("Clones a repository"))?.headingPath.at(-1)).toBe("DESCRIPTION");
    expect(doc.blocks.find((b) => b.text.startsWith("Option 11"))?.headingPath.at(-1)).toBe("--option-11");
  });

  it("accepts a fragment and names an untitled page after its URL", () => {
    const doc = extractHtml("<p>Just text</p>", "https://acme.test/docs/getting-started.html");
    expect(doc).toEqual({ title: "getting started", blocks: [{ headingPath: [], text: "Just text" }] });
  });
});

describe("extractPlainText", () => {
  it("reads markdown headings as the heading path and strips inline syntax", () => {
    const doc = extractPlainText("# Guide\n\nIntro with **bold** and [a link](https://x.test).\n\n## Setup\n\nRun `npm install`.\n\n```\n# not a heading\n```", "md");
    expect(doc.title).toBe("Guide");
    expect(doc.blocks).toEqual([
      { headingPath: ["Guide"], text: "Intro with bold and a link." },
      { headingPath: ["Guide", "Setup"], text: "Run npm install." },
      { headingPath: ["Guide", "Setup"], text: "# not a heading" },
    ]);
  });

  it("splits plain text at blank lines and keeps the given title", () => {
    expect(extractPlainText("One\nstill one\n\n\nTwo", "txt", "Notes")).toEqual({
      title: "Notes",
      blocks: [
        { headingPath: [], text: "One still one" },
        { headingPath: [], text: "Two" },
      ],
    });
  });
});

describe("pdfParagraphs", () => {
  it("runs full lines on and ends a paragraph at a short line", () => {
    const full = "This line is as long as the longest line on the page, more or less";
    expect(pdfParagraphs(`Heading\n${full}\n${full}\nlast words.\nNext heading`)).toEqual([
      "Heading",
      `${full} ${full} last words.`,
      "Next heading",
    ]);
  });

  it("keeps blank-line paragraphs when the PDF has them", () => {
    expect(pdfParagraphs("First\nparagraph\n\nSecond")).toEqual(["First paragraph", "Second"]);
  });
});

describe("documentText", () => {
  it("writes each heading once before its blocks", () => {
    expect(
      documentText({
        title: "x",
        blocks: [
          { headingPath: ["A"], text: "one" },
          { headingPath: ["A"], text: "two" },
          { headingPath: ["A", "B"], text: "three" },
        ],
      }),
    ).toBe("A\n\none\n\ntwo\n\nB\n\nthree");
  });
});

describe("text bytes", () => {
  it("are UTF-8 unless a UTF-16 byte order mark says otherwise; a UTF-8 mark is dropped", () => {
    expect(decodeText(new Uint8Array(Buffer.from("\uFEFFGrüße")))).toBe("Grüße");
    expect(decodeText(new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("Grüße", "utf16le")])))).toBe("Grüße");
    expect(decodeText(new Uint8Array(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from("Grüße", "utf16le").swap16()])))).toBe("Grüße");
  });

  it("lose their NUL characters in every extracted document (PostgreSQL text cannot hold them)", () => {
    expect(documentText(extractPlainText("Free\u0000 parking\u0000\n\nbehind\u0000", "txt"))).toBe("Free parking\n\nbehind");
    expect(documentText(extractPlainText("# Ti\u0000tle\n\nBody\u0000", "md"))).toBe("Title\n\nBody");
    expect(documentText(extractHtml("<h1>A\u0000</h1><p>b\u0000c</p>", "https://x.test/"))).toBe("A\n\nbc");
  });
});

describe("index-like pages (record 070)", () => {
  const prose = "<p>The translate method returns a copy of the string in which each character has been mapped through the given table, and this sentence goes on about it.</p>";
  it("weigh less when mostly links, or when their address says index or contents; articles with links and their navigation do not", () => {
    const links = Array.from({ length: 40 }, (_, i) => `<li><a href="/p${i}.html">term${i}() in module m${i}</a></li>`).join("");
    expect(extractHtml(page(`<main><h1>Index – T</h1><ul>${links}</ul></main>`), "https://docs.example/some.html").weight).toBe(INDEX_LIKE_WEIGHT);
    expect(extractHtml(page(`<main><h1>Index</h1>${prose}</main>`), "https://docs.example/genindex-T.html").weight).toBe(INDEX_LIKE_WEIGHT);
    expect(extractHtml(page(`<main><h1>Contents</h1>${prose}</main>`), "https://docs.example/contents.html").weight).toBe(INDEX_LIKE_WEIGHT);
    const article = extractHtml(page(`<nav><ul>${links}</ul></nav><main><h1>str</h1>${prose}${prose}<p>See <a href="/x">bytes.translate</a>.</p></main>`), "https://docs.example/library/stdtypes.html");
    expect(article.weight).toBeUndefined();
  });

  it("count only the links into the site: a table linking each package to another site is content, an index of the site's pages is not", () => {
    const rows = (href: (i: number) => string) =>
      Array.from({ length: 30 }, (_, i) => `<tr><td><a href="${href(i)}">package-${i}</a></td><td><a href="${href(i)}">V:${i}, I:${i}</a></td><td>tool ${i}</td></tr>`).join("");
    const table = (href: (i: number) => string) => page(`<main><h1>Tools</h1>${prose}<table>${rows(href)}</table></main>`);
    expect(extractHtml(table((i) => `https://packages.example.org/sid/package-${i}`), "https://docs.example/ch05.html").weight).toBeUndefined();
    expect(extractHtml(table((i) => `/p${i}.html`), "https://docs.example/ch05.html").weight).toBe(INDEX_LIKE_WEIGHT);
    expect(extractHtml(table((i) => `https://docs.example/p${i}.html`), "https://docs.example/ch05.html").weight).toBe(INDEX_LIKE_WEIGHT);
  });

  it("count no anchor as a link: XHTML's self-closed <a id/>, read as HTML, holds the rest of its section (the Debian Reference's data conversion chapter)", () => {
    const section = (i: number) => `<h2><a id="s${i}"/>Section ${i}</h2>${prose}${prose}`;
    const xhtml = page(`<main><h1>Data conversion</h1>${Array.from({ length: 4 }, (_, i) => section(i)).join("")}<p>See <a href="/ch10.html">data management</a>.</p></main>`);
    expect(extractHtml(xhtml, "https://docs.example/ch11.html").weight).toBeUndefined();
    const named = page(`<main><h1>Tools</h1><a name="top">${prose}${prose}</a></main>`);
    expect(extractHtml(named, "https://docs.example/tools.html").weight).toBeUndefined();
  });

  it("count only the links in the extracted text: a chapter's table of contents kept as terms without definitions is in none of its passages", () => {
    const toc = Array.from({ length: 12 }, (_, i) => `<dt><span class="sect1"><a href="ch02s0${i}.html">2.${i}. Hardware section number ${i} of this chapter</a></span></dt>`).join("");
    const chapter = page(`<main><h1>Chapter 2. System requirements</h1><div class="toc"><p><b>Table of contents</b></p><dl class="toc">${toc}</dl></div>${prose}</main>`);
    const extracted = extractHtml(chapter, "https://docs.example/ch02.html");
    expect(extracted.blocks.map((b) => b.text).join(" ")).not.toContain("Hardware section");
    expect(extracted.weight).toBeUndefined();
    // The same links as a list are the page's text: an index.
    const list = page(`<main><h1>Chapter 2. System requirements</h1><ul>${toc.replace(/<(\/?)dt>/g, "<$1li>")}</ul>${prose}</main>`);
    expect(extractHtml(list, "https://docs.example/ch02.html").weight).toBe(INDEX_LIKE_WEIGHT);
  });
});

describe("an index-like page's own opening (record 165)", () => {
  const commands = Array.from({ length: 10 }, (_, i) => `<li><a href="/layer-alpha-${i}.html">Section 7.${34 + i}, “Alpha command number ${i}”</a></li>`).join("");
  const opening = "The Transparency submenu contains commands that use or affect the alpha channel of the active layer.";
  const submenu = page(`<main><h1>7.33. The Transparency submenu</h1><p>${opening}</p><h2>7.33.1. Activating the submenu</h2><ul>${commands}</ul></main>`);

  it("is its first paragraph reading as a sentence, when that is not link text; the page still weighs as an index", () => {
    const extracted = extractHtml(submenu, "https://docs.example/gimp-layer-transparency-menu.html");
    expect(extracted.weight).toBe(INDEX_LIKE_WEIGHT);
    expect(extracted.opening?.text).toBe(opening);
    expect(extracted.opening?.linked).toHaveLength(10);
    // A first sentence that is a link is no opening; an index by its address has none; nor has a page of content.
    const linked = page(`<main><h1>Filters</h1><p><a href="/intro.html">${opening}</a></p><ul>${commands}</ul></main>`);
    expect(extractHtml(linked, "https://docs.example/filters.html").opening).toBeUndefined();
    expect(extractHtml(submenu, "https://docs.example/contents.html").opening).toBeUndefined();
    expect(extractHtml(page(`<main><h1>Layers</h1><p>${opening}</p><p>${opening}</p></main>`), "https://docs.example/layers.html").opening).toBeUndefined();
  });

  it("weighs 1 in a passage of its own or with little link text; a passage that is mostly the page's links keeps the index's weight", () => {
    const extracted = extractHtml(submenu, "https://docs.example/gimp-layer-transparency-menu.html");
    const list = extracted.opening!.linked.join(" ");
    expect(passageWeight(extracted, `7.33. The Transparency submenu ${opening}`)).toBe(1);
    expect(passageWeight(extracted, `Activating the submenu ${list}`)).toBe(INDEX_LIKE_WEIGHT);
    expect(passageWeight(extracted, `${opening} ${list}`)).toBe(INDEX_LIKE_WEIGHT);
    expect(passageWeight({ weight: INDEX_LIKE_WEIGHT }, opening)).toBe(INDEX_LIKE_WEIGHT);
    expect(passageWeight({}, "any passage")).toBe(1);
  });
});

describe("a page's own menu outside <nav> (texi2html's side table of contents, record 154)", () => {
  // Every page of the site lists the site's 41 pages beside its own short text; its own item is the current page.
  const menu = (current: string) =>
    `<div id="tocframe"><div class="contents"><ul class="toc">${Array.from({ length: 41 }, (_, i) => `<li><a name="toc-${i}" href="page-${i}.es.html">Página número ${i} del sitio</a></li>`).join("")}</ul></div></div>`.replace(
      `href="${current}"`,
      `href="${current}" class="current"`,
    );
  const landing = (body: string, current = "page-7.es.html") =>
    `<html><head><title>Cambios</title></head><body lang="es"><div id="main"><h2>Cambios</h2><p>Esto es un resumen de los cambios importantes producidas a partir de la versión anterior.</p>${body}</div>${menu(current)}</body></html>`;
  const read = (html: string, url = "https://lilypond.example/web/page-7.es.html") => extractHtml(html, url).weight;

  it("is left out of the link share: a short page beside the site's menu is content, not an index", () => {
    expect(read(landing(""))).toBeUndefined();
    expect(read(landing(`<ul><li><a href="../changes/index.es.html">Cambios (HTML seccionado)</a> - el manual dividido en páginas.</li></ul>`))).toBeUndefined();
    // The same menu on a page it does not name is the page's own text: mostly links, index-like.
    expect(read(landing(""), "https://lilypond.example/web/other.es.html")).toBe(INDEX_LIKE_WEIGHT);
    // A link to a section of the page itself (`#…`) names no page: no menu.
    expect(read(landing("", "none").replace('href="page-7.es.html"', 'href="page-7.es.html#cambios"'))).toBe(INDEX_LIKE_WEIGHT);
  });

  it("stays part of an index that names itself: the walk ends at a heading and at text that is not links", () => {
    const entries = Array.from({ length: 40 }, (_, i) => `<li><a href="/p${i}.html">term${i}() in module m${i}</a></li>`).join("");
    // The index's letter bar links to the index itself; its entries, under the index's heading, are no menu.
    const index = page(`<main><h1>Index – T</h1><p><a href="/genindex-S.html">S</a> | <a href="/index-t.html">T</a></p><ul>${entries}</ul></main><div class="footer"><p>This index lists every function, class and module of the library, each with the page that defines it.</p></div>`);
    expect(extractHtml(index, "https://docs.example/index-t.html").weight).toBe(INDEX_LIKE_WEIGHT);
    // A site map that lists itself among its entries, beside its title and a sentence saying what it is, is still
    // an index: its list is the page's own text, in the element that holds its first heading.
    const sitemap = page(`<main><h1>All pages</h1><p>Every page of this site, listed by its title with a link to read it.</p><ul><li><a href="/all.html">All pages</a></li>${entries}</ul></main>`);
    expect(extractHtml(sitemap, "https://docs.example/all.html").weight).toBe(INDEX_LIKE_WEIGHT);
  });

  it("counts no bar of links along the site's order (`rel` prev, up, next…), wherever it stands", () => {
    const bar = (rel: boolean) =>
      `<table class="nav_table"><tr><td>[<a href="chapter.html"> &lt;&lt; Notación especializada </a>]</td><td>[<a href="index.html"${rel ? ' rel="start"' : ""}>Arriba</a>][<a href="index_toc.html"${rel ? ' rel="contents"' : ""}>Índice general</a>]</td><td>[<a href="bagpipes.html"${rel ? ' rel="previous"' : ""}> &lt; Ejemplo de música de gaita </a>]</td><td>[<a href="wind.html"${rel ? ' rel="up"' : ""}> Subir : Instrumentos de viento </a>]</td><td>[<a href="diagrams.html"${rel ? ' rel="next"' : ""}> Diagramas de posiciones &gt; </a>]</td></tr></table>`;
    // A section's own page: its bar above and below its heading and its one sentence, a one-line menu of its subsection.
    const section = (rel: boolean) =>
      page(`<div id="main">${bar(rel)}<h3>Instrumentos de viento madera</h3><p>Esta sección estudia la notación específica para instrumentos de viento madera.</p><table class="menu"><tr><td><a href="diagrams.html">Diagramas de posiciones para viento madera</a></td></tr></table>${bar(rel)}</div>`);
    expect(extractHtml(section(true), "https://lilypond.example/notation/woodwinds.html").weight).toBeUndefined();
    expect(extractHtml(section(false), "https://lilypond.example/notation/woodwinds.html").weight).toBe(INDEX_LIKE_WEIGHT);
    // An index with the same bars is still an index.
    const entries = Array.from({ length: 40 }, (_, i) => `<li><a href="/p${i}.html">term${i}() in module m${i}</a></li>`).join("");
    expect(extractHtml(page(`<div id="main">${bar(true)}<h1>Index</h1><ul>${entries}</ul>${bar(true)}</div>`), "https://lilypond.example/notation/command-index.html").weight).toBe(INDEX_LIKE_WEIGHT);
  });

  it("reads the page's language from <body lang> when <html> declares none", () => {
    expect(extractHtml(landing(""), "https://lilypond.example/web/page-7.es.html").language).toBe("es");
  });
});

describe("an HTML 4 page written in upper case (DocBook's DSSSL stylesheets: `<A HREF>`, `<DIV CLASS>`)", () => {
  const entries = Array.from({ length: 30 }, (_, i) => `<DT>p${i},\n    <A\nHREF="runtime-config-${i}.html#SETTING-${i}"\n>The settings of part ${i}</A\n></DT\n>`).join("");
  const index = `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN"><HTML><HEAD><TITLE>Index</TITLE></HEAD><BODY CLASS="INDEX"><DIV CLASS="INDEX"><H1 CLASS="INDEX"><A NAME="BOOKINDEX">Index</A></H1><UL>${entries.replace(/<(\/?)DT/g, "<$1LI")}</UL></DIV></BODY></HTML>`;

  it("reads its attributes by their names in lower case, as an HTML parser does: an index of `<A HREF>` links is index-like", () => {
    expect(extractHtml(index, "https://docs.example/bookindex.html").weight).toBe(INDEX_LIKE_WEIGHT);
    expect(extractHtml(index.toLowerCase(), "https://docs.example/bookindex.html").weight).toBe(INDEX_LIKE_WEIGHT);
  });

  it("keeps the attribute that was written in lower case, and an SVG's own names as written", () => {
    const document = parseHtml(`<html><body><P CLASS="upper" class="lower" Id="x">t</P><svg viewBox="0 0 1 1"><rect Width="1"/></svg></body></html>`);
    const p = document.querySelector("p")!;
    expect([p.getAttribute("class"), p.getAttribute("id")]).toEqual(["lower", "x"]);
    expect(document.querySelector("svg")!.getAttribute("viewBox")).toBe("0 0 1 1");
  });
});

describe("declared language", () => {
  const page = (head: string, html = "") => extractHtml(`<!doctype html><html${html}><head>${head}<title>T</title></head><body><p>Text of the page, long enough.</p></body></html>`, "https://x.test/p");
  it("is the page's lang (or xml:lang), else its Content-Language meta; undeclared, none", () => {
    expect(page("", ' lang="de-DE"').language).toBe("de-DE");
    expect(page("", ' xml:lang="fr"').language).toBe("fr");
    expect(page('<meta http-equiv="Content-Language" content="nl">').language).toBe("nl");
    expect(page("").language).toBeUndefined();
  });

  it("is the body's lang before the root's: the language of everything the page says", () => {
    const body = (html: string, bodyAttrs: string) => extractHtml(`<!doctype html><html${html}><head><title>T</title></head><body${bodyAttrs}><p>Text of the page.</p></body></html>`, "https://x.test/p").language;
    expect(body("", ' lang="es"')).toBe("es");
    expect(body(' lang="en"', ' lang="pt-BR"')).toBe("pt-BR");
    expect(body(' lang="en"', "")).toBe("en");
  });
});
