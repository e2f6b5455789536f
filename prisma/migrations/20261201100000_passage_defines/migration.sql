-- Issue 22, item 5 (docs/decisions/085-defining-passages-are-candidates.md): the terms a passage defines (the
-- keys of its headings and `<dt>` terms), so a search takes the passages that define an asked term into its
-- candidates. Existing passages define nothing until their page is indexed again.
ALTER TABLE "source_chunks" ADD COLUMN "defines" TEXT[] DEFAULT ARRAY[]::TEXT[];
CREATE INDEX source_chunks_chatbot_id_defines_idx ON source_chunks USING gin (chatbot_id, defines);
