-- Training sources that really train (issue 9, part A): what the dashboard
-- shows about a source, what re-sync needs for conditional GET, and the crawl
-- frontier (one row per URL of a website source) kept in PostgreSQL so that a
-- killed worker loses nothing and doubles nothing.
ALTER TABLE "sources"
  ADD COLUMN "pages_found" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "pages_indexed" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "chunk_count" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "text_preview" TEXT,
  ADD COLUMN "content_hash" TEXT,
  ADD COLUMN "etag" TEXT,
  ADD COLUMN "last_modified" TEXT,
  ADD COLUMN "body_text" TEXT,
  ADD COLUMN "robots_txt" TEXT,
  ADD COLUMN "crawl_delay_ms" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "crawl_heartbeat_at" TIMESTAMPTZ(6),
  ADD COLUMN "last_synced_at" TIMESTAMPTZ(6);

CREATE INDEX "sources_indexer_id_idx" ON "sources"("indexer_id");

CREATE TABLE "crawl_frontier" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "website_source_id" UUID NOT NULL,
  "url" TEXT NOT NULL,
  "normalized_url" TEXT NOT NULL,
  "depth" INTEGER NOT NULL DEFAULT 0,
  -- queued → fetching → done | skipped | failed; stale = not yet rediscovered by a re-sync.
  "status" TEXT NOT NULL DEFAULT 'queued',
  "reason" TEXT,
  "page_source_id" UUID,
  "lease_until" TIMESTAMPTZ(6),
  "attempts" INTEGER NOT NULL DEFAULT 0,
  "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "crawl_frontier_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "crawl_frontier_website_source_id_normalized_url_key" ON "crawl_frontier"("website_source_id", "normalized_url");
CREATE INDEX "crawl_frontier_website_source_id_status_idx" ON "crawl_frontier"("website_source_id", "status");

ALTER TABLE "crawl_frontier" ADD CONSTRAINT "crawl_frontier_website_source_id_fkey"
  FOREIGN KEY ("website_source_id") REFERENCES "sources"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "crawl_frontier" ADD CONSTRAINT "crawl_frontier_page_source_id_fkey"
  FOREIGN KEY ("page_source_id") REFERENCES "sources"("id") ON DELETE SET NULL ON UPDATE CASCADE;
