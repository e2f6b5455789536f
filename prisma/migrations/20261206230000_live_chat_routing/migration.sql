-- Live chat all day (docs/decisions/122-business-hours-routing-and-ratings.md): business hours per chatbot,
-- each member's availability and capacity for routing, when a conversation started waiting and was resolved,
-- and the visitor's rating of a resolved conversation.

-- {time_zone, weekly: {mon: [{from, to}], …}, holidays: [YYYY-MM-DD], unattended_minutes}; null = always open.
ALTER TABLE "chatbots" ADD COLUMN "business_hours" JSONB;

-- Routing: a member takes conversations only while available, at most `max_open_conversations` waiting or with a person.
ALTER TABLE "memberships"
  ADD COLUMN "available" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "max_open_conversations" INTEGER NOT NULL DEFAULT 5,
  ADD COLUMN "last_assigned_at" TIMESTAMPTZ(6),
  ADD CONSTRAINT "memberships_max_open_conversations_check" CHECK ("max_open_conversations" BETWEEN 1 AND 100);

ALTER TABLE "conversations"
  ADD COLUMN "outside_hours" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "waiting_since" TIMESTAMPTZ(6),
  ADD COLUMN "resolved_at" TIMESTAMPTZ(6);

-- Analytics' median response and resolution times of a period.
CREATE INDEX "conversations_chatbot_id_waiting_since_idx" ON "conversations" ("chatbot_id", "waiting_since");
CREATE INDEX "conversations_chatbot_id_resolved_at_idx" ON "conversations" ("chatbot_id", "resolved_at");

-- The unassigned queue, oldest first, per chatbot.
CREATE INDEX "conversations_unassigned_waiting_idx" ON "conversations" ("chatbot_id", "waiting_since") WHERE "status" = 'waiting' AND "assignee_id" IS NULL;

-- One rating per conversation; rating again replaces it.
CREATE TABLE "conversation_ratings" (
    "conversation_id" UUID NOT NULL,
    "chatbot_id" UUID NOT NULL,
    "score" INTEGER NOT NULL,
    "comment" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "conversation_ratings_pkey" PRIMARY KEY ("conversation_id"),
    CONSTRAINT "conversation_ratings_score_check" CHECK ("score" BETWEEN 1 AND 5),
    CONSTRAINT "conversation_ratings_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "conversation_ratings_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "conversation_ratings_chatbot_id_created_at_idx" ON "conversation_ratings" ("chatbot_id", "created_at");
