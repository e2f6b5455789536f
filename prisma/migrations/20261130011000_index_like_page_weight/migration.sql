-- Issue 22, item 5 (docs/decisions/070-index-like-pages-weigh-less.md): an index-like page's passages
-- (a general index, a table of contents, a page of links) count less in ranking. Existing passages keep 1
-- until their page is indexed again (a changed page, or a new crawl of it).
ALTER TABLE "source_chunks" ADD COLUMN "page_weight" DOUBLE PRECISION NOT NULL DEFAULT 1;
