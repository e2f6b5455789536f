-- Retrieval index (issue 9, DESIGN §10.1): chunks of every source with a
-- tsvector, plus the statistics BM25 needs, kept up to date by
-- src/server/retrieval/index-source.ts and read by src/server/retrieval/search-sql.ts.

-- Trigram similarity corrects misspelt query words against a chatbot's vocabulary.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE source_chunks (
  id           uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
  chatbot_id   uuid        NOT NULL REFERENCES chatbots(id) ON DELETE CASCADE,
  source_id    uuid        NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
  position     integer     NOT NULL,
  title        text        NOT NULL DEFAULT '',
  url          text,
  heading_path text        NOT NULL DEFAULT '',
  content      text        NOT NULL,
  token_count  integer     NOT NULL,
  -- Title and heading path with weight A, body with weight D (BM25 counts an A occurrence more).
  tsv          tsvector    NOT NULL,
  -- BM25 document length: lexeme occurrences in tsv.
  length       integer     NOT NULL,
  created_at   timestamptz(6) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX source_chunks_source_id_position_idx ON source_chunks (source_id, position);
CREATE INDEX source_chunks_chatbot_id_idx ON source_chunks (chatbot_id);
CREATE INDEX source_chunks_tsv_idx ON source_chunks USING gin (tsv);

-- Document frequency of each lexeme among a chatbot's chunks (BM25 idf), and
-- the chatbot's vocabulary for typo correction. Rows whose df fell to 0 are
-- ignored by the search.
CREATE TABLE chatbot_search_terms (
  chatbot_id uuid    NOT NULL REFERENCES chatbots(id) ON DELETE CASCADE,
  lexeme     text    NOT NULL,
  df         integer NOT NULL,
  PRIMARY KEY (chatbot_id, lexeme)
);
CREATE INDEX chatbot_search_terms_lexeme_idx ON chatbot_search_terms USING gin (lexeme gin_trgm_ops);

-- N and the total length of a chatbot's chunks (BM25 avgdl).
CREATE TABLE chatbot_search_stats (
  chatbot_id   uuid   PRIMARY KEY REFERENCES chatbots(id) ON DELETE CASCADE,
  chunk_count  bigint NOT NULL,
  total_length bigint NOT NULL
);
