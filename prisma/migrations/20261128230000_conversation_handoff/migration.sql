-- Human handoff (issue 23): a conversation is answered by the bot, waits for a
-- person, is owned by a person, or is resolved; an assignee (a member of the
-- workspace) may own it. `source` says where it started (widget, share page,
-- playground, API, channel): the inbox filters on it and analytics leave
-- playground conversations out. Messages written by a person carry role
-- 'agent' and the author's user id.

ALTER TABLE "conversations"
  ADD COLUMN "status" TEXT NOT NULL DEFAULT 'bot',
  ADD COLUMN "assignee_id" UUID,
  ADD COLUMN "source" TEXT NOT NULL DEFAULT 'api',
  ADD CONSTRAINT "conversations_status_check" CHECK ("status" IN ('bot', 'waiting', 'human', 'resolved')),
  ADD CONSTRAINT "conversations_source_check" CHECK ("source" IN ('widget', 'share', 'playground', 'api', 'channel')),
  ADD CONSTRAINT "conversations_assignee_id_fkey" FOREIGN KEY ("assignee_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

ALTER TABLE "messages"
  ADD COLUMN "user_id" UUID,
  ADD CONSTRAINT "messages_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The inbox's live list: conversations waiting for a person or owned by one, newest first.
CREATE INDEX "conversations_chatbot_id_status_last_message_at_idx" ON "conversations" ("chatbot_id", "status", "last_message_at" DESC);
CREATE INDEX "conversations_assignee_id_idx" ON "conversations" ("assignee_id");
