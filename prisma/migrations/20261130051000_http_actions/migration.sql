-- HTTP actions (issue 25, docs/decisions/076-http-actions.md): a chatbot's actions, offered to the LLM as tools,
-- and every call made during a conversation (what was sent, the status, how long, the error).

CREATE TABLE "chatbot_actions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "chatbot_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "headers" JSONB NOT NULL,
    "parameters" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "chatbot_actions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "chatbot_actions_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "chatbot_actions_chatbot_id_name_key" ON "chatbot_actions" ("chatbot_id", "name");

CREATE TABLE "action_calls" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "conversation_id" UUID NOT NULL,
    "message_id" UUID,
    "action_id" UUID,
    "name" TEXT NOT NULL,
    "request" JSONB NOT NULL,
    "status" INTEGER,
    "duration_ms" INTEGER NOT NULL,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "action_calls_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "action_calls_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "action_calls_action_id_fkey" FOREIGN KEY ("action_id") REFERENCES "chatbot_actions"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX "action_calls_conversation_id_created_at_idx" ON "action_calls" ("conversation_id", "created_at");
CREATE INDEX "action_calls_action_id_idx" ON "action_calls" ("action_id");
