-- Each crawled page's outgoing links (issue 22; nullable like every Prisma list column): a page that answers 304 Not Modified on a re-sync still
-- leads the crawl to the pages it links to.
ALTER TABLE "sources" ADD COLUMN "links" TEXT[] DEFAULT ARRAY[]::TEXT[];
