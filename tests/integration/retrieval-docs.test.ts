import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { extractHtml } from "@/server/training/extraction/extract";
import { indexSource } from "@/server/training/retrieval/index-source";
import { compareWithMiniSearch, DOCS_K, type IndexQuestion } from "../../scripts/bench/docs-site";
import { createTestDatabase } from "../helpers/db";
import { chatbot, userWithToken } from "../helpers/fixtures";

/**
 * Retrieval on real documentation (docs/decisions/054-retrieval-on-real-documentation.md): the
 * committed subset of the Python 3.11 docs (tests/fixtures/python-docs, 110 pages) through the real
 * extract → chunk → index path, asked the general index's terms defined on those pages ("What is
 * a2b_base64?"). Ours must find the defining page at least as often as MiniSearch (BM25+, defaults) over
 * the same text, at every k, and first for most terms. `npm run bench -- docs` runs the whole site.
 */
const DOCS = path.resolve("tests/fixtures/python-docs");
const { questions } = JSON.parse(readFileSync(path.join(DOCS, "questions.json"), "utf8")) as { questions: IndexQuestion[] };

let db: Db;
let chatbotId: string;
const pathOf = new Map<string, string>();

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  const { user } = await userWithToken(db);
  const team = await db.team.create({ data: { name: "Docs", ownerId: user.id } });
  chatbotId = (await chatbot(db, team.id, user.id, "Python docs")).id;
  const pages = readdirSync(path.join(DOCS, "library")).map((f) => `library/${f}`);
  for (const page of pages.sort()) {
    const url = `https://docs.example/${page}`;
    const document = extractHtml(readFileSync(path.join(DOCS, page), "utf8"), url);
    const source = await db.source.create({ data: { chatbotId, type: "page", indexer: "crawler", title: document.title, url } });
    pathOf.set(source.id, page);
    await indexSource(db, { sourceId: source.id, chatbotId, document, url });
  }
}, 300_000);

describe("retrieval on the Python documentation subset", () => {
  it("finds the page that defines a term at least as often as MiniSearch, and first for most terms", async () => {
    const score = await compareWithMiniSearch(db, { chatbotId, topK: 4, root: DOCS, pathOf, questions });
    const pct = (x: number) => `${((100 * x) / score.n).toFixed(1)} %`;
    console.log(
      `docs subset: ${pathOf.size} pages, ${score.n} terms — cited ${pct(score.cited)}\n` +
        DOCS_K.map((k, i) => `  first ${k}: ours ${pct(score.ours[i]!)}, MiniSearch ${pct(score.miniSearch[i]!)}`).join("\n") +
        `\n${score.misses.join("\n")}`,
    );
    DOCS_K.forEach((k, i) => expect(score.ours[i], `first ${k}`).toBeGreaterThanOrEqual(score.miniSearch[i]!));
    expect(score.ours[0]! / score.n).toBeGreaterThanOrEqual(0.7);
  });
});
