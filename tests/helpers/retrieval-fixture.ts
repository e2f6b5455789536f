import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "@/server/kernel/db/client";
import { extractDocx, extractHtml, extractPdf, type ExtractedDocument } from "@/server/training/extraction/extract";
import { indexSource } from "@/server/training/retrieval/index-source";
import { chatbot, userWithToken } from "./fixtures";

/** The Bramble Cycles fixture site (tests/fixtures/retrieval-site) and its questions. */
export const RETRIEVAL_SITE = path.resolve("tests/fixtures/retrieval-site");
export const RETRIEVAL_QUESTIONS = JSON.parse(readFileSync(path.resolve("tests/fixtures/retrieval-questions.json"), "utf8")) as {
  questions: Array<{ q: string; expected: string[]; kind: string }>;
  unanswerable: string[];
};

async function extract(file: string): Promise<ExtractedDocument> {
  const data = readFileSync(path.join(RETRIEVAL_SITE, file));
  if (file.endsWith(".pdf")) return extractPdf(new Uint8Array(data));
  if (file.endsWith(".docx")) return extractDocx(new Uint8Array(data));
  return extractHtml(data.toString("utf8"), `https://bramblecycles.example/${file}`);
}

/**
 * A chatbot trained on every file of the fixture through the real extract → chunk → index path;
 * `fileOfSource` maps each source id to its file name.
 */
export async function indexRetrievalFixture(db: Db): Promise<{ chatbotId: string; fileOfSource: Map<string, string> }> {
  const { user } = await userWithToken(db);
  const team = await db.team.create({ data: { name: "Bramble", ownerId: user.id } });
  const chatbotId = (await chatbot(db, team.id, user.id, "Bramble")).id;
  const fileOfSource = new Map<string, string>();
  for (const file of readdirSync(RETRIEVAL_SITE).sort()) {
    const document = await extract(file);
    const source = await db.source.create({ data: { chatbotId, type: "page", indexer: "crawler", title: document.title } });
    fileOfSource.set(source.id, file);
    await indexSource(db, { sourceId: source.id, chatbotId, document, url: `https://bramblecycles.example/${file}` });
  }
  return { chatbotId, fileOfSource };
}
