-- Retrieval performance (issue 9): the full-text and trigram indexes lead
-- with chatbot_id (btree_gin), so a search reads only its chatbot's postings
-- instead of every chatbot's, and one index condition suffices (a generic
-- plan of the prepared search no longer ANDs a bitmap of the whole
-- chatbot_id index with the tsv bitmap).
CREATE EXTENSION IF NOT EXISTS btree_gin;

CREATE INDEX source_chunks_chatbot_id_tsv_idx ON source_chunks USING gin (chatbot_id, tsv);
DROP INDEX source_chunks_tsv_idx;

CREATE INDEX chatbot_search_terms_chatbot_id_lexeme_idx ON chatbot_search_terms USING gin (chatbot_id, lexeme gin_trgm_ops);
DROP INDEX chatbot_search_terms_lexeme_idx;
