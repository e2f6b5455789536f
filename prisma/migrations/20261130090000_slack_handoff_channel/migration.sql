-- Issue 24, docs/decisions/073-slack-handoff-channel.md: a Slack channel of the chatbot may name a Slack
-- channel id where conversations that start waiting for a person are posted; each post's thread is linked
-- to its conversation so a reply in it becomes an agent reply.
ALTER TABLE "channels" ADD COLUMN "handoff_channel" TEXT;

CREATE TABLE "channel_handoff_threads" (
    "channel_id" UUID NOT NULL,
    "conversation_id" UUID NOT NULL,
    "slack_channel" TEXT NOT NULL,
    "thread_ts" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "channel_handoff_threads_pkey" PRIMARY KEY ("channel_id", "conversation_id")
);

CREATE UNIQUE INDEX "channel_handoff_threads_channel_id_slack_channel_thread_ts_key" ON "channel_handoff_threads"("channel_id", "slack_channel", "thread_ts");
CREATE INDEX "channel_handoff_threads_conversation_id_idx" ON "channel_handoff_threads"("conversation_id");

ALTER TABLE "channel_handoff_threads" ADD CONSTRAINT "channel_handoff_threads_channel_id_fkey" FOREIGN KEY ("channel_id") REFERENCES "channels"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "channel_handoff_threads" ADD CONSTRAINT "channel_handoff_threads_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
