-- Which rule read a source's passages' languages (docs/decisions/149-passages-read-again.md): 1, each passage in
-- its page's language (records 116–143); every indexing since writes training/retrieval/document-language.ts
-- PASSAGE_READING (2: each in its own, record 144). The `reread_passages` job, queued when a worker starts, reads
-- the sources below it again in batches, with no training. Every source so far is marked 1: a default kept in
-- the catalogue, no table rewrite.
ALTER TABLE sources ADD COLUMN passage_reading integer NOT NULL DEFAULT 1;

-- Record 147's count (the df of a lexeme only another language gives, among that language's passages) finds those
-- passages in the index by their configuration rather than reading every passage holding the lexeme: GIN (chatbot_id,
-- search_config, tsv) in place of (chatbot_id, tsv), which serves every other search as it did. Built before the
-- old one is dropped, so searches keep an index meanwhile (indexing waits for the build: ~10-15 s per 170,000
-- passages on the retrieval bench).
CREATE INDEX source_chunks_chatbot_id_config_tsv_idx ON source_chunks USING gin (chatbot_id, search_config, tsv);
DROP INDEX source_chunks_chatbot_id_tsv_idx;
