import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pagePool, readPageOffThread } from "./page-pool";
import { readPage } from "./page-reading";

/** The page-reading thread for real (a worker thread loading the TypeScript through tsx), as the crawler uses it. */
const html = (title: string, body: string, head = "") =>
  new Uint8Array(Buffer.from(`<!doctype html><html><head><title>${title}</title>${head}</head><body><nav><a href="/a">A</a> <a href="/b?x=1#top">B</a></nav><main><h1>${title}</h1>${body}</main></body></html>`));

const page = (body: Uint8Array, contentType = "text/html", robotsHeader: string | null = null) => ({ body, contentType, finalUrl: "https://docs.test/guide/page.html", robotsHeader });

describe("readPageOffThread", () => {
  it("reads a page on the thread exactly as it reads here: title, text blocks under their headings, links", async () => {
    const body = html(
      "String functions",
      "<p>Functions that work on strings.</p><dl><dt><code>array_length(anyarray, int)</code></dt><dd>Returns the length of the requested array dimension, as <code>os.path.join</code> does for paths.</dd></dl>".repeat(8),
    );
    const here = await readPage(page(body.slice()));
    const completed = pagePool().completed;
    const there = await readPageOffThread(page(body));
    expect(pagePool().completed).toBe(completed + 1); // it ran on the thread
    expect(there).toEqual(here);
    expect(there).toMatchObject({ kind: "document", meta: { links: ["https://docs.test/a", "https://docs.test/b?x=1"] } });
    if (there.kind !== "document") throw new Error("not a document");
    expect(there.document.title).toBe("String functions");
    expect(there.document.blocks.some((b) => b.headingPath.at(-1)?.startsWith("array_length") && b.text.includes("os.path.join"))).toBe(true);
  }, 30_000);

  it("moves a page's bytes to the thread instead of copying them", async () => {
    const body = new Uint8Array(Buffer.from(Buffer.alloc(64 * 1024, "<p>word</p>").toString()));
    expect(body.buffer.byteLength).toBe(64 * 1024);
    await readPageOffThread(page(body));
    expect(body.buffer.byteLength).toBe(0); // detached: the bytes went to the thread
  }, 30_000);

  it("keeps the crawler's reasons: noindex (meta or header), a document that cannot be read, no text, an unsupported type", async () => {
    expect(await readPageOffThread(page(html("Hidden", "<p>secret</p>", '<meta name="robots" content="noindex">')))).toMatchObject({ kind: "skipped", reason: "noindex: the page asks not to be indexed" });
    expect(await readPageOffThread(page(html("Hidden", "<p>secret</p>"), "text/html", "noindex, nofollow"))).toMatchObject({ kind: "skipped", reason: "noindex: the page asks not to be indexed" });
    const broken = await readPageOffThread(page(new Uint8Array(Buffer.from("not a pdf")), "application/pdf"));
    expect(broken).toMatchObject({ kind: "failed" });
    expect((broken as { reason: string }).reason).toMatch(/^Could not read the application\/pdf document: ./);
    expect(await readPageOffThread(page(html("", "")))).toMatchObject({ kind: "skipped", reason: "Empty page: no text to learn from" });
    expect(await readPageOffThread(page(new Uint8Array([1, 2, 3]), "image/png"))).toEqual({ kind: "skipped", reason: "Unsupported content type image/png", meta: null });
    const pdf = await readPageOffThread(page(new Uint8Array(readFileSync("tests/fixtures/retrieval-site/warranty-handbook.pdf")), "application/pdf"));
    expect(pdf).toMatchObject({ kind: "document", meta: null });
    expect((pdf as { text: string }).text).toContain("ten years from the date of purchase");
  }, 30_000);
});
