-- The inbox's search by text, e-mail and name (issue 23): trigram indexes led by the chatbot, so a
-- substring search (ILIKE '%…%') reads the matching rows of one chatbot instead of scanning every
-- message (docs/decisions/057-the-inbox-as-a-daily-tool.md). pg_trgm and btree_gin are created by
-- 20261123110000_retrieval_index and 20261123160000_search_per_chatbot_gin.
CREATE INDEX IF NOT EXISTS messages_chatbot_id_content_trgm_idx ON messages USING gin (chatbot_id, content gin_trgm_ops);
CREATE INDEX IF NOT EXISTS contacts_chatbot_id_email_name_trgm_idx
  ON contacts USING gin (chatbot_id, email gin_trgm_ops, ((first_name || ' ' || last_name)) gin_trgm_ops);
