-- Which rule read a source's passages' languages (docs/decisions/149-passages-read-again.md): 1, each passage in
-- its page's language (records 116–143); every indexing since writes training/retrieval/document-language.ts
-- PASSAGE_READING (2: each in its own, record 144). The `reread_passages` job, queued when a worker starts, reads
-- the sources below it again in batches, with no training. Every source so far is marked 1: a default kept in
-- the catalogue, no table rewrite.
ALTER TABLE sources ADD COLUMN passage_reading integer NOT NULL DEFAULT 1;
