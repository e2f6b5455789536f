/** Source training statuses (docs/decisions/017-sources-and-training.md): pending → crawling → training → trained; failed from any. */
export const SOURCE_STATUSES = ["pending", "crawling", "training", "trained", "failed"] as const;
export type SourceStatus = (typeof SOURCE_STATUSES)[number];

const IN_PROGRESS: ReadonlySet<string> = new Set(["pending", "crawling", "training"]);

/** Whether a source is still on its way to `trained` or `failed` (the dashboard keeps polling). */
export function isSourceInProgress(status: string): boolean {
  return IN_PROGRESS.has(status);
}

export const anySourceInProgress = (sources: ReadonlyArray<{ status: string }>) => sources.some((s) => isSourceInProgress(s.status));

/** Kinds of source a caller can add (docs/decisions/017-sources-and-training.md); `page` sources also come from website crawls. */
export const SOURCE_TYPES = ["website", "page", "text", "file"] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];
/** What `POST /v1/{chatbot_id}/sources` adds (files have their own multipart operation). */
export const JSON_SOURCE_TYPES = ["website", "page", "text"] as const satisfies readonly SourceType[];

export const SYNC_FREQUENCIES = ["never", "daily", "weekly", "monthly"] as const;
export type SyncFrequency = (typeof SYNC_FREQUENCIES)[number];
