-- Issue 24: messaging channels. A chatbot's connected channel (kind = the
-- integration id, credentials sealed like the LLM keys), the provider events
-- already taken (providers retry: one answer per event), and which
-- conversation each of the channel's chats continues.
CREATE TABLE "channels" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "chatbot_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "credentials_ciphertext" TEXT NOT NULL,
    "webhook_secret" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'connected',
    "status_message" TEXT,
    "external_name" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "channels_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "channels_chatbot_id_created_at_idx" ON "channels"("chatbot_id", "created_at");

ALTER TABLE "channels" ADD CONSTRAINT "channels_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "channel_events" (
    "channel_id" UUID NOT NULL,
    "event_id" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "channel_events_pkey" PRIMARY KEY ("channel_id", "event_id")
);

ALTER TABLE "channel_events" ADD CONSTRAINT "channel_events_channel_id_fkey" FOREIGN KEY ("channel_id") REFERENCES "channels"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "channel_chats" (
    "channel_id" UUID NOT NULL,
    "chat_key" TEXT NOT NULL,
    "conversation_id" UUID,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "channel_chats_pkey" PRIMARY KEY ("channel_id", "chat_key")
);

CREATE INDEX "channel_chats_conversation_id_idx" ON "channel_chats"("conversation_id");

ALTER TABLE "channel_chats" ADD CONSTRAINT "channel_chats_channel_id_fkey" FOREIGN KEY ("channel_id") REFERENCES "channels"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "channel_chats" ADD CONSTRAINT "channel_chats_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A reply the channel could not deliver (after its retries): shown on the conversation in the inbox.
ALTER TABLE "messages" ADD COLUMN "delivery_error" TEXT;
