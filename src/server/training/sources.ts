import type { Chatbot, Prisma, Source } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { env } from "@/server/kernel/env";
import { isUuid } from "@/server/kernel/lib/ids";
import { AppError, notFound, validationError } from "@/server/kernel/errors";
import { enqueueCrawl, enqueueTraining } from "@/server/training/crawler/enqueue";
import { removePages } from "@/server/training/crawler/page-sources";
import { pathOf } from "@/server/training/crawler/urls";
import { storedUrlRefusal } from "@/server/kernel/net/guard";
import { isSourceInProgress, type SourceType, type SyncFrequency } from "@/server/training/source-rules";
import type { FileKind } from "@/server/training/extraction/extract-file";
import { extractInPool } from "@/server/training/extraction/extract-pool";
import { sameUrlKey } from "@/shared/same-text";
import { sourceLimitReached } from "@/shared/source-limit";

/**
 * Adding, re-syncing and deleting training sources (docs/decisions/017-sources-and-training.md). Sources
 * are created with their training job in one transaction; the work happens
 * in graphile-worker jobs (`training/jobs.ts`).
 */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

type Tx = Prisma.TransactionClient;

/** 422 naming `field` for URLs the crawler must never be pointed at (credentials, private or metadata hosts). */
export function assertCrawlableUrl(raw: string, field: string) {
  const refusal = storedUrlRefusal(raw, field, { allowPrivate: env().CRAWLER_ALLOW_PRIVATE_NETWORKS });
  if (refusal) throw validationError({ [field]: [refusal] });
}

async function assertBelowSourceLimit(tx: Tx, chatbot: Chatbot, field: string) {
  await tx.$queryRaw`SELECT id FROM teams WHERE id = ${chatbot.teamId}::uuid FOR UPDATE`;
  const team = await tx.team.findUniqueOrThrow({ where: { id: chatbot.teamId }, select: { sourceLimit: true } });
  if (team.sourceLimit === null) return;
  const live = await tx.source.count({ where: { chatbot: { teamId: chatbot.teamId, deletedAt: null }, deletedAt: null } });
  if (live >= team.sourceLimit) throw validationError({ [field]: [sourceLimitReached(team.sourceLimit, live)] });
}

/**
 * One website (or page) once per chatbot: the same address again, however it is spelled (`sameUrlKey`),
 * would train the same pages twice and list every answer's source twice. Crawled pages are the website's
 * own and not compared. Runs under the workspace lock taken by `assertBelowSourceLimit`.
 */
async function assertNotAddedYet(tx: Tx, chatbotId: string, type: string, url: string, field: string) {
  const key = sameUrlKey(url);
  const added = await tx.source.findMany({ where: { chatbotId, type, indexerId: null, deletedAt: null, url: { not: null } }, select: { url: true, title: true } });
  const same = added.find((s) => sameUrlKey(s.url!) === key);
  if (same) {
    const what = type === "website" ? "This website" : "This page";
    throw validationError({ [field]: [`${what} is already a source of this chatbot (${same.url}). Retrain it instead of adding it again.`] });
  }
}

/** A website source for a new agent, in the agent's transaction, with its crawl enqueued at once. */
export async function createWebsiteSourceIn(tx: Tx, chatbotId: string, rawUrl: string, field: string): Promise<Source> {
  assertCrawlableUrl(rawUrl, field);
  const url = new URL(rawUrl);
  const source = await tx.source.create({
    data: { chatbotId, type: "website", indexer: "crawler", url: url.toString(), path: pathOf(url.toString()), title: url.hostname, status: "pending" },
  });
  await enqueueCrawl(tx, source.id);
  return source;
}

export interface NewSourceInput {
  type: Exclude<SourceType, "file">;
  url?: string;
  title?: string;
  text?: string;
  sync_frequency?: SyncFrequency;
}

export async function createSource(db: Db, chatbot: Chatbot, input: NewSourceInput): Promise<Source> {
  if (input.type === "text") {
    const text = input.text?.trim() ?? "";
    if (!text) throw validationError({ text: ["The text field is required."] });
    const title = input.title?.trim() || text.split("\n")[0]!.slice(0, 80);
    return db.$transaction(async (tx) => {
      await assertBelowSourceLimit(tx, chatbot, "text");
      const source = await tx.source.create({ data: { chatbotId: chatbot.id, type: "text", indexer: "text", title, bodyText: text, status: "training", syncFrequency: "never" } });
      await enqueueTraining(tx, source.id);
      return source;
    });
  }
  if (!input.url) throw validationError({ url: ["The url field is required."] });
  assertCrawlableUrl(input.url, "url");
  const url = new URL(input.url);
  url.hash = "";
  return db.$transaction(async (tx) => {
    await assertBelowSourceLimit(tx, chatbot, "url");
    await assertNotAddedYet(tx, chatbot.id, input.type, url.toString(), "url");
    const source = await tx.source.create({
      data: {
        chatbotId: chatbot.id,
        type: input.type,
        indexer: "crawler",
        url: url.toString(),
        path: pathOf(url.toString()),
        title: input.title?.trim() || (input.type === "website" ? url.hostname : ""),
        status: input.type === "website" ? "pending" : "training",
        syncFrequency: input.sync_frequency ?? "never",
      },
    });
    await (input.type === "website" ? enqueueCrawl(tx, source.id) : enqueueTraining(tx, source.id));
    return source;
  });
}

export interface UploadedFile {
  name: string;
  type: string;
  /** The file's bytes, in a buffer of their own: they are moved to the extraction thread (the caller gives them up). */
  data: Uint8Array;
}

const FILE_KINDS: Record<string, FileKind> = {
  pdf: "pdf",
  docx: "docx",
  txt: "txt",
  text: "txt",
  md: "md",
  markdown: "md",
  html: "html",
  htm: "html",
};

function fileKind(file: UploadedFile): FileKind | null {
  const ext = file.name.toLowerCase().split(".").pop() ?? "";
  const byExt = FILE_KINDS[ext];
  if (byExt) return byExt;
  const mime = file.type.split(";")[0]!.trim().toLowerCase();
  if (mime === "application/pdf") return "pdf";
  if (mime === "application/vnd.openxmlformats-officedocument.wordprocessingml.document") return "docx";
  if (mime === "text/markdown") return "md";
  if (mime === "text/html") return "html";
  if (mime === "text/plain") return "txt";
  return null;
}

/**
 * A file source: its text is extracted now, on an extraction thread (a broken
 * file is a 422, not a failed job), and kept for retraining.
 */
export async function createFileSource(db: Db, chatbot: Chatbot, file: UploadedFile): Promise<Source> {
  if (file.data.byteLength > MAX_FILE_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", "The file must not be larger than 10 MB.", { errors: { file: ["The file must not be larger than 10 MB."] } });
  if (!file.data.byteLength) throw validationError({ file: ["The file is empty."] });
  const kind = fileKind(file);
  if (!kind) throw validationError({ file: ["The file must be a PDF, DOCX, TXT, MD or HTML document."] });
  const { title, text } = await extractInPool({ kind, name: file.name, data: file.data });
  return db.$transaction(async (tx) => {
    await assertBelowSourceLimit(tx, chatbot, "file");
    const source = await tx.source.create({
      data: { chatbotId: chatbot.id, type: "file", indexer: "file", title: (title || file.name).slice(0, 500), path: file.name, bodyText: text, status: "training" },
    });
    await enqueueTraining(tx, source.id);
    return source;
  });
}

async function findLive(db: Db | Tx, chatbotId: string, sourceId: string) {
  // An id that is not a UUID names no source: 404 like an unknown one (never a database error).
  const source = isUuid(sourceId) ? await db.source.findFirst({ where: { id: sourceId, chatbotId, deletedAt: null } }) : null;
  if (!source) throw notFound("Source not found.");
  return source;
}

/** Training again, now (manual "Retrain", and the re-sync cron). A source still in progress is left alone. */
export async function startSync(db: Db, sourceId: string): Promise<Source | null> {
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM sources WHERE id = ${sourceId}::uuid AND deleted_at IS NULL FOR UPDATE`;
    if (!row) return null;
    const source = await tx.source.findUniqueOrThrow({ where: { id: sourceId } });
    if (isSourceInProgress(source.status)) return source;
    if (source.type === "website") {
      const updated = await tx.source.update({ where: { id: sourceId }, data: { status: "pending", statusReason: null } });
      await enqueueCrawl(tx, sourceId);
      return updated;
    }
    const updated = await tx.source.update({ where: { id: sourceId }, data: { status: "training", statusReason: null } });
    await enqueueTraining(tx, sourceId);
    return updated;
  });
}

export async function syncSource(db: Db, chatbot: Chatbot, sourceId: string): Promise<Source> {
  const source = await findLive(db, chatbot.id, sourceId);
  // A website's page is trained by its website's crawl: retraining one page re-syncs the website.
  const target = source.type === "page" && source.indexerId ? await findLive(db, chatbot.id, source.indexerId) : source;
  return (await startSync(db, target.id)) ?? target;
}

/** Deleting a website deletes its pages; passages leave the index with them. */
export async function deleteSource(db: Db, chatbot: Chatbot, sourceId: string): Promise<void> {
  const source = await findLive(db, chatbot.id, sourceId);
  const pages = source.type === "website" ? await db.source.findMany({ where: { indexerId: source.id, deletedAt: null }, select: { id: true } }) : [];
  await removePages(db, [source.id, ...pages.map((p) => p.id)]);
  if (source.type === "website") await db.crawlFrontier.deleteMany({ where: { websiteSourceId: source.id } });
}

/** The dashboard's detail of one source: the extracted text preview and, for a website, how its crawl went. */
export async function sourceDetail(db: Db, chatbot: Chatbot, sourceId: string) {
  const source = await findLive(db, chatbot.id, sourceId);
  const skipped =
    source.type === "website"
      ? await db.crawlFrontier.findMany({
          where: { websiteSourceId: source.id, status: { in: ["skipped", "failed"] } },
          orderBy: { updatedAt: "desc" },
          take: 50,
          select: { url: true, status: true, reason: true },
        })
      : [];
  return { source, skipped };
}
