/**
 * A documentation site for retrieval on real docs (docs/decisions/054-retrieval-on-real-documentation.md): the Python 3.11 documentation from Debian
 * (`apt-get install -y python3.11-doc`, /usr/share/doc/python3.11/html) served from 127.0.0.1 like a static
 * file server (ETag, Last-Modified, 304 on conditional requests), and its general index
 * (`genindex-all.html`) as questions: each term → the pages that define it.
 */
import { createHash } from "node:crypto";
import { readFileSync, realpathSync, statSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import MiniSearch from "minisearch";
import type { Db } from "@/server/kernel/db/client";
import { documentText, extractHtml } from "@/server/training/extraction/extract";

export const PYTHON_DOCS = process.env.BENCH_DOCS_DIR ?? "/usr/share/doc/python3.11/html";

const TYPES: Record<string, string> = { ".html": "text/html; charset=utf-8", ".txt": "text/plain; charset=utf-8", ".css": "text/css", ".js": "text/javascript", ".png": "image/png", ".svg": "image/svg+xml" };

/**
 * Serves `root` on 127.0.0.1 (port 0); `allow` limits the served HTML pages (a subset), others 404; `files`
 * are served from memory before the folder (a subset's `sitemap.xml`).
 */
export async function serveDocs(root: string, allow?: (relative: string) => boolean, files: Record<string, string> = {}) {
  const server = http.createServer((req, res) => {
    const relative = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname).replace(/^\/+/, "") || "index.html";
    if (relative in files) return res.writeHead(200, { "content-type": relative.endsWith(".xml") ? "application/xml" : "text/plain" }).end(files[relative]);
    const file = path.join(root, relative);
    let real: string;
    try {
      real = realpathSync(file);
      if (!statSync(real).isFile() || !file.startsWith(root) || (allow && relative.endsWith(".html") && !allow(relative))) throw new Error("not served");
    } catch {
      return res.writeHead(404, { "content-type": "text/plain" }).end("Not found");
    }
    const stat = statSync(real);
    const etag = `"${createHash("sha1").update(`${stat.size}-${stat.mtimeMs}`).digest("hex").slice(0, 16)}"`;
    const lastModified = stat.mtime.toUTCString();
    const inm = req.headers["if-none-match"];
    const ims = req.headers["if-modified-since"];
    if (inm ? inm.split(",").map((t) => t.trim()).includes(etag) : !!ims && Date.parse(ims) >= Math.floor(stat.mtimeMs / 1000) * 1000) {
      return res.writeHead(304, { etag, "last-modified": lastModified }).end();
    }
    res.writeHead(200, { "content-type": TYPES[path.extname(real)] ?? "application/octet-stream", etag, "last-modified": lastModified }).end(readFileSync(real));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}

export interface IndexQuestion {
  term: string;
  question: string;
  /** Pages (paths relative to the docs root) the index says define the term. */
  pages: string[];
}

/**
 * The general index's identifier entries ("translate() (str method)", "os.path.join() (in module
 * os.path)", "max_connections", continued by "(… method)" lines for the same name): term → its pages.
 */
export function indexTerms(genindexHtml: string): IndexQuestion[] {
  const terms = new Map<string, Set<string>>();
  let current: string | null = null;
  for (const m of genindexHtml.matchAll(/<li><a href="([^"#]+)(?:#[^"]*)?">([^<]*)<\/a>/g)) {
    const [, href, rawText] = m;
    const text = rawText!.replace(/&amp;/g, "&").trim();
    if (text.startsWith("(")) {
      if (current) terms.get(current)!.add(href!);
      continue;
    }
    const name = /^([A-Za-z_][\w.]*)(?:\(\))?(?:\s+\(.*\))?$/.exec(text)?.[1];
    current = name && name.length >= 3 ? name : null;
    if (current) {
      if (!terms.has(current)) terms.set(current, new Set());
      terms.get(current)!.add(href!);
    }
  }
  return [...terms].map(([term, pages]) => ({ term, question: `What is ${term}?`, pages: [...pages] }));
}

/** `n` questions picked evenly over the index (deterministic), only of terms defined on pages `kept` holds. */
export function sampleQuestions(all: IndexQuestion[], n: number, kept: (page: string) => boolean): IndexQuestion[] {
  const eligible = all.filter((q) => q.pages.length <= 3 && q.pages.every(kept));
  const step = eligible.length / n;
  return Array.from({ length: Math.min(n, eligible.length) }, (_, i) => eligible[Math.floor(i * step)]!);
}

export const DOCS_K = [1, 3, 5];

/**
 * MiniSearch (BM25+, defaults) over pages (`pathOf`: source id → page path under `root`): each page's
 * extracted text (title and every block, headings included), not our chunks. Results' ids are the source ids.
 */
export function miniSearchOfPages(root: string, pathOf: Map<string, string>) {
  const mini = new MiniSearch<{ id: string; title: string; text: string }>({ fields: ["title", "text"] });
  mini.addAll(
    [...pathOf].map(([id, page]) => {
      const document = extractHtml(readFileSync(path.join(root, page), "utf8"), `https://docs.example/${page}`);
      return { id, title: document.title, text: documentText(document) };
    }),
  );
  return mini;
}

export interface DocsScore {
  n: number;
  /** A right page among the extractive answer's sources (the chatbot's top_k passages). */
  cited: number;
  /** A right page among our first k retrieved pages, per DOCS_K. */
  ours: number[];
  /** The same for MiniSearch (BM25+, defaults) over the same pages' indexed text. */
  miniSearch: number[];
  /** Every question whose right page was not cited, with what was cited instead. */
  misses: string[];
}

/**
 * Asks each question of a chatbot trained on documentation pages (`pathOf`: source id → page path under
 * `root`) and of MiniSearch over the same pages' extracted text: how often a page defining the term comes first, in the first k.
 */
export async function compareWithMiniSearch(
  db: Db,
  input: { chatbotId: string; topK: number; root: string; pathOf: Map<string, string>; questions: IndexQuestion[] },
): Promise<DocsScore> {
  const { searchPassages } = await import("@/server/training/retrieval/search");
  const { composeExtractiveAnswer } = await import("@/server/conversations/rules/extractive");
  const { pathOf } = input;
  const mini = miniSearchOfPages(input.root, pathOf);
  const score: DocsScore = { n: input.questions.length, cited: 0, ours: DOCS_K.map(() => 0), miniSearch: DOCS_K.map(() => 0), misses: [] };
  for (const q of input.questions) {
    const expected = new Set(q.pages);
    const passages = await searchPassages(db, { chatbotId: input.chatbotId, query: q.question, topK: 30 });
    const ranked = [...new Set(passages.map((p) => pathOf.get(p.sourceId)!))];
    const found = mini.search(q.question).map((r) => pathOf.get(String(r.id))!);
    DOCS_K.forEach((k, i) => {
      if (ranked.slice(0, k).some((p) => expected.has(p))) score.ours[i]!++;
      if (found.slice(0, k).some((p) => expected.has(p))) score.miniSearch[i]!++;
    });
    const answer = composeExtractiveAnswer(q.question, passages.slice(0, input.topK));
    if (answer?.sources.some((s) => expected.has(pathOf.get(s.id)!))) score.cited++;
    else score.misses.push(`  "${q.question}" → ${q.pages.join(", ")}; cited ${answer?.sources.map((s) => pathOf.get(s.id)).join(", ") || "nothing"}`);
  }
  return score;
}
