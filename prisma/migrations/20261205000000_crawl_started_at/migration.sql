-- Issue 22: each sync of a website is told apart by the moment it began
-- (set with the status `crawling` by beginCrawl). A crawl loop keeps the
-- value it started under and ends once it changes; the end of a crawl only
-- finishes the sync it belongs to. A loop of the previous sync that is still
-- running can then never finish, or count, the next one
-- (docs/decisions/098-a-crawl-loop-belongs-to-one-sync.md).
ALTER TABLE "sources" ADD COLUMN "crawl_started_at" TIMESTAMPTZ(6);
