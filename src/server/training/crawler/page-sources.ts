import type { Db } from "@/server/kernel/db/client";
import { removeSourceChunks } from "@/server/training/retrieval/index-source";

export const PREVIEW_CHARS = 2000;

/** A source whose text is now in the index: what the dashboard shows about it. */
export async function recordTrained(
  db: Db,
  sourceId: string,
  data: { title?: string; text: string; hash: string; chunkCount: number; etag?: string | null; lastModified?: string | null; links?: string[] },
) {
  const now = new Date();
  await db.source.update({
    where: { id: sourceId },
    data: {
      ...(data.title !== undefined ? { title: data.title } : {}),
      status: "trained",
      statusReason: null,
      trainedAt: now,
      lastSyncedAt: now,
      chunkCount: data.chunkCount,
      textPreview: data.text.slice(0, PREVIEW_CHARS),
      contentHash: data.hash,
      etag: data.etag ?? null,
      lastModified: data.lastModified ?? null,
      ...(data.links !== undefined ? { links: data.links } : {}),
    },
  });
}

/** Soft-deletes sources and takes their passages out of the index (nothing answers from them any more). */
export async function removePages(db: Db, sourceIds: string[]) {
  if (!sourceIds.length) return;
  await removeSourceChunks(db, sourceIds);
  await db.source.updateMany({ where: { id: { in: sourceIds }, deletedAt: null }, data: { deletedAt: new Date() } });
}
