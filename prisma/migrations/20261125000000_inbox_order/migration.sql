-- The inbox's order (issue 14): a page of conversations is read from this index instead of sorting
-- every conversation of the chatbot under a count(*) OVER () window.
CREATE INDEX "conversations_chatbot_id_last_message_at_id_idx" ON "conversations"("chatbot_id", "last_message_at" DESC, "id" DESC);
