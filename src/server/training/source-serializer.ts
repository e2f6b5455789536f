import { z } from "zod";
import type { Source } from "@/generated/prisma/client";
import { SOURCE_STATUSES, type SourceStatus } from "@/server/training/source-rules";
import { isoMicro, isoMicroOrNull } from "@/server/kernel/lib/timestamps";

/** The contract's "Source" with its training status (`pending`, `crawling`, `training`, `trained`, `failed`). */
export const sourceSchema = z
  .object({
    id: z.string(),
    chatbot_id: z.string(),
    type: z.string(),
    indexer: z.string(),
    indexer_id: z.string().nullable(),
    url: z.string().nullable(),
    path: z.string().nullable(),
    title: z.string(),
    status: z.enum(SOURCE_STATUSES),
    sync_frequency: z.string(),
    trained_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    deleted_at: z.string().nullable(),
  })
  .meta({ id: "Source" });

export type SourceJson = z.infer<typeof sourceSchema>;

/** What the lists read of a source (training/source-list.ts): everything but its kept text and crawl state. */
export const LISTED_SOURCE_FIELDS = [
  "id",
  "chatbotId",
  "type",
  "indexer",
  "indexerId",
  "url",
  "path",
  "title",
  "status",
  "statusReason",
  "syncFrequency",
  "trainedAt",
  "createdAt",
  "updatedAt",
  "deletedAt",
  "pagesFound",
  "pagesIndexed",
  "chunkCount",
] as const satisfies readonly (keyof Source)[];
export type ListedSource = Pick<Source, (typeof LISTED_SOURCE_FIELDS)[number]>;

export function serializeSource(s: ListedSource): SourceJson {
  return {
    id: s.id,
    chatbot_id: s.chatbotId,
    type: s.type,
    indexer: s.indexer,
    indexer_id: s.indexerId,
    url: s.url,
    path: s.path,
    title: s.title,
    status: s.status as SourceStatus,
    sync_frequency: s.syncFrequency,
    trained_at: isoMicroOrNull(s.trainedAt),
    created_at: isoMicro(s.createdAt),
    updated_at: isoMicro(s.updatedAt),
    deleted_at: isoMicroOrNull(s.deletedAt),
  };
}

/** The dashboard's view: the documented source plus why a failed one failed and how far its training got. */
export const sourceWithReasonSchema = sourceSchema.extend({
  status_reason: z.string().nullable(),
  pages_found: z.number().int(),
  pages_indexed: z.number().int(),
  chunk_count: z.number().int(),
});

export function serializeSourceWithReason(s: ListedSource): z.infer<typeof sourceWithReasonSchema> {
  return { ...serializeSource(s), status_reason: s.statusReason, pages_found: s.pagesFound, pages_indexed: s.pagesIndexed, chunk_count: s.chunkCount };
}

/** One source in detail (dashboard): the extracted text preview and the URLs a crawl skipped, with why. */
export const sourceDetailSchema = sourceWithReasonSchema.extend({
  text_preview: z.string().nullable(),
  last_synced_at: z.string().nullable(),
  skipped: z.array(z.object({ url: z.string(), status: z.string(), reason: z.string().nullable() })),
});
