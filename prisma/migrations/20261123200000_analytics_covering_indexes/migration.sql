-- Analytics reads (src/server/services/analytics.ts, docs/analytics.md): the
-- per-chatbot, per-period indexes also carry the columns the aggregations
-- read, so those scans are index-only instead of visiting a heap page per
-- row. Each replaces the (chatbot_id, created_at) index it extends (a prefix
-- of the new one, so every other query keeps its plan). The conversations
-- index adds only visitor_id, which never changes after insert: the message
-- counters' updates stay HOT.

DROP INDEX "conversations_chatbot_id_created_at_idx";
CREATE INDEX "conversations_chatbot_id_created_at_visitor_id_idx" ON "conversations"("chatbot_id", "created_at", "visitor_id");

DROP INDEX "feedback_chatbot_id_created_at_idx";
CREATE INDEX "feedback_chatbot_id_created_at_rating_idx" ON "feedback"("chatbot_id", "created_at", "rating");

DROP INDEX "link_clicks_chatbot_id_created_at_idx";
CREATE INDEX "link_clicks_chatbot_id_created_at_link_id_conversation_id_v_idx" ON "link_clicks"("chatbot_id", "created_at", "link_id", "conversation_id", "visitor_id", "id");

DROP INDEX "widget_events_chatbot_id_created_at_idx";
CREATE INDEX "widget_events_chatbot_id_created_at_value_idx" ON "widget_events"("chatbot_id", "created_at", "value");
