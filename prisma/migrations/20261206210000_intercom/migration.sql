-- docs/decisions/119-intercom-as-the-human-side.md: a workspace's Intercom connection (its access token and
-- its app's client secret, both sealed), the Intercom conversation each of our waiting conversations was
-- handed to, the messages already posted there (nothing is posted twice), and the webhook notifications
-- already taken (Intercom retries).
CREATE TABLE "intercom_connections" (
    "team_id" UUID NOT NULL,
    "token" TEXT NOT NULL,
    "client_secret" TEXT NOT NULL,
    "app_id" TEXT,
    "app_name" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "intercom_connections_pkey" PRIMARY KEY ("team_id")
);

CREATE TABLE "intercom_conversations" (
    "conversation_id" UUID NOT NULL,
    "team_id" UUID NOT NULL,
    "intercom_conversation_id" TEXT NOT NULL,
    "intercom_contact_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "intercom_conversations_pkey" PRIMARY KEY ("conversation_id")
);

CREATE UNIQUE INDEX "intercom_conversations_team_id_intercom_conversation_id_key" ON "intercom_conversations"("team_id", "intercom_conversation_id");

CREATE TABLE "intercom_messages" (
    "message_id" UUID NOT NULL,
    "conversation_id" UUID NOT NULL,
    "posted_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "intercom_messages_pkey" PRIMARY KEY ("message_id")
);

CREATE INDEX "intercom_messages_conversation_id_idx" ON "intercom_messages"("conversation_id");

CREATE TABLE "intercom_events" (
    "team_id" UUID NOT NULL,
    "notification_id" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "intercom_events_pkey" PRIMARY KEY ("team_id", "notification_id")
);

ALTER TABLE "intercom_connections" ADD CONSTRAINT "intercom_connections_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "intercom_conversations" ADD CONSTRAINT "intercom_conversations_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "intercom_messages" ADD CONSTRAINT "intercom_messages_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "intercom_conversations"("conversation_id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "intercom_events" ADD CONSTRAINT "intercom_events_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "intercom_connections"("team_id") ON DELETE CASCADE ON UPDATE CASCADE;
