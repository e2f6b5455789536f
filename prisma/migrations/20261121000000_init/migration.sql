-- Initial schema: every table of the API contract (see prisma/schema.prisma).

CREATE TYPE "team_kind" AS ENUM ('personal', 'agency', 'client');
CREATE TYPE "member_role" AS ENUM ('admin', 'editor', 'member');
CREATE TYPE "workspace_status" AS ENUM ('active', 'paused', 'suspended');
CREATE TYPE "pause_mode" AS ENUM ('hard', 'soft');

CREATE TABLE "users" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT,
    "social_id" TEXT,
    "social_type" TEXT,
    "current_team_id" UUID,
    "profile_photo_path" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

CREATE TABLE "teams" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "kind" "team_kind" NOT NULL DEFAULT 'personal',
    "name" TEXT NOT NULL,
    "owner_id" UUID NOT NULL,
    "plan" TEXT NOT NULL DEFAULT 'free',
    "workspace_limit" INTEGER,
    "monthly_message_pool" INTEGER,
    "pool_messages_used" INTEGER NOT NULL DEFAULT 0,
    "pool_period_started_at" TIMESTAMPTZ(6),
    "included_integrations" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "custom_domain" TEXT,
    "custom_domain_verified_at" TIMESTAMPTZ(6),
    "agency_id" UUID,
    "external_reference" TEXT,
    "status" "workspace_status" NOT NULL DEFAULT 'active',
    "pause_mode" "pause_mode",
    "paused_at" TIMESTAMPTZ(6),
    "byok_enabled" BOOLEAN NOT NULL DEFAULT false,
    "enabled_integrations" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "message_limit" INTEGER,
    "source_limit" INTEGER,
    "chatbot_limit" INTEGER,
    "response_token_limit" INTEGER,
    "messages_used" INTEGER NOT NULL DEFAULT 0,
    "topup_credits" INTEGER NOT NULL DEFAULT 0,
    "overflow_debt" INTEGER NOT NULL DEFAULT 0,
    "credits_exhausted_at" TIMESTAMPTZ(6),
    "credits_reset_at" TIMESTAMPTZ(6),
    "credits_renew_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "teams_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "teams_custom_domain_key" ON "teams"("custom_domain");
CREATE INDEX "teams_owner_id_idx" ON "teams"("owner_id");
CREATE INDEX "teams_agency_id_created_at_idx" ON "teams"("agency_id", "created_at");
CREATE INDEX "teams_agency_id_external_reference_idx" ON "teams"("agency_id", "external_reference");
CREATE INDEX "teams_agency_id_status_idx" ON "teams"("agency_id", "status");
CREATE INDEX "teams_credits_renew_at_idx" ON "teams"("credits_renew_at");

CREATE TABLE "memberships" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "team_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "role" "member_role" NOT NULL DEFAULT 'member',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "memberships_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "memberships_team_id_user_id_key" ON "memberships"("team_id", "user_id");
CREATE INDEX "memberships_user_id_idx" ON "memberships"("user_id");

CREATE TABLE "api_tokens" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "last_used_at" TIMESTAMPTZ(6),
    "revoked_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "api_tokens_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "api_tokens_token_hash_key" ON "api_tokens"("token_hash");
CREATE INDEX "api_tokens_user_id_created_at_idx" ON "api_tokens"("user_id", "created_at");

CREATE TABLE "invitations" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "team_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "role" "member_role" NOT NULL DEFAULT 'admin',
    "invited_by_id" UUID,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "accepted_at" TIMESTAMPTZ(6),
    "accepted_by_user_id" UUID,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "invitations_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "invitations_team_id_idx" ON "invitations"("team_id");
CREATE INDEX "invitations_email_idx" ON "invitations"("email");

CREATE TABLE "chatbots" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "team_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL DEFAULT 'custom',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "description" TEXT,
    "welcome_message" TEXT NOT NULL DEFAULT 'Hi! How can I help you today?',
    "placeholder" TEXT NOT NULL DEFAULT 'Ask me anything...',
    "accent_color" TEXT NOT NULL DEFAULT '#4f46e5',
    "launcher_icon" TEXT,
    "launcher_text" TEXT,
    "header_icon" TEXT,
    "share_icon" TEXT,
    "font_size" TEXT NOT NULL DEFAULT 'md',
    "header_size" TEXT NOT NULL DEFAULT 'md',
    "height" INTEGER NOT NULL DEFAULT 640,
    "sources_label" TEXT NOT NULL DEFAULT 'Sources',
    "enable_sources" BOOLEAN NOT NULL DEFAULT true,
    "hide_powered_by" BOOLEAN NOT NULL DEFAULT false,
    "enable_hide_chatbot" BOOLEAN NOT NULL DEFAULT false,
    "position" TEXT NOT NULL DEFAULT 'right',
    "domain" TEXT,
    "domain_id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "domain_verified" BOOLEAN NOT NULL DEFAULT false,
    "goals_prompt" TEXT NOT NULL DEFAULT '',
    "system_prompt" TEXT NOT NULL DEFAULT 'You are a helpful assistant. Answer only from the provided sources.',
    "user_prompt" TEXT,
    "default_answer" TEXT NOT NULL DEFAULT 'I''m sorry, I don''t know the answer to that yet.',
    "default_language" TEXT NOT NULL DEFAULT 'en',
    "history_count" INTEGER NOT NULL DEFAULT 6,
    "gpt_model" TEXT NOT NULL DEFAULT 'gpt-4o-mini',
    "temperature" DOUBLE PRECISION NOT NULL DEFAULT 0.2,
    "top_k" INTEGER NOT NULL DEFAULT 4,
    "enable_escalations" BOOLEAN NOT NULL DEFAULT false,
    "enable_escalations_notification" BOOLEAN NOT NULL DEFAULT false,
    "escalations_email" TEXT NOT NULL DEFAULT '',
    "escalate_message_threshold" INTEGER NOT NULL DEFAULT 3,
    "enable_assistant_fallback" BOOLEAN NOT NULL DEFAULT false,
    "fallback_excluded_topics" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deleted_at" TIMESTAMPTZ(6),
    CONSTRAINT "chatbots_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "chatbots_team_id_created_at_idx" ON "chatbots"("team_id", "created_at");
CREATE INDEX "chatbots_user_id_idx" ON "chatbots"("user_id");

CREATE TABLE "suggested_messages" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "chatbot_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "prompt" TEXT NOT NULL DEFAULT '',
    "type" TEXT NOT NULL DEFAULT 'message',
    "action" JSONB,
    "position" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "suggested_messages_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "suggested_messages_chatbot_id_position_idx" ON "suggested_messages"("chatbot_id", "position");

CREATE TABLE "sources" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "chatbot_id" UUID NOT NULL,
    "type" TEXT NOT NULL DEFAULT 'website',
    "indexer" TEXT NOT NULL DEFAULT 'crawler',
    "indexer_id" TEXT,
    "url" TEXT,
    "path" TEXT,
    "title" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "status_reason" TEXT,
    "sync_frequency" TEXT NOT NULL DEFAULT 'never',
    "trained_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deleted_at" TIMESTAMPTZ(6),
    CONSTRAINT "sources_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "sources_chatbot_id_created_at_idx" ON "sources"("chatbot_id", "created_at");
CREATE INDEX "sources_status_idx" ON "sources"("status");

CREATE TABLE "updated_answers" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "chatbot_id" UUID NOT NULL,
    "question" TEXT NOT NULL,
    "suggested_answer" TEXT NOT NULL,
    "vector_id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "updated_answers_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "updated_answers_chatbot_id_created_at_idx" ON "updated_answers"("chatbot_id", "created_at");

CREATE TABLE "visitors" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "chatbot_id" UUID NOT NULL,
    "visitor_key" TEXT NOT NULL,
    "country" TEXT,
    "country_code" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "visitors_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "visitors_chatbot_id_visitor_key_key" ON "visitors"("chatbot_id", "visitor_key");

CREATE TABLE "conversations" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "chatbot_id" UUID NOT NULL,
    "visitor_id" UUID NOT NULL,
    "archived" BOOLEAN NOT NULL DEFAULT false,
    "unread" BOOLEAN NOT NULL DEFAULT true,
    "category" TEXT,
    "sentiment" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_message_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "conversations_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "conversations_chatbot_id_created_at_idx" ON "conversations"("chatbot_id", "created_at");
CREATE INDEX "conversations_chatbot_id_archived_unread_idx" ON "conversations"("chatbot_id", "archived", "unread");
CREATE INDEX "conversations_visitor_id_idx" ON "conversations"("visitor_id");

CREATE TABLE "messages" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "conversation_id" UUID NOT NULL,
    "chatbot_id" UUID NOT NULL,
    "role" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "answered" BOOLEAN,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "messages_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "messages_conversation_id_created_at_idx" ON "messages"("conversation_id", "created_at");
CREATE INDEX "messages_chatbot_id_created_at_idx" ON "messages"("chatbot_id", "created_at");

CREATE TABLE "feedback" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "chatbot_id" UUID NOT NULL,
    "conversation_id" UUID NOT NULL,
    "message_id" UUID NOT NULL,
    "rating" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "feedback_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "feedback_message_id_key" ON "feedback"("message_id");
CREATE INDEX "feedback_chatbot_id_created_at_idx" ON "feedback"("chatbot_id", "created_at");

CREATE TABLE "chatbot_links" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "chatbot_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "chatbot_links_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "chatbot_links_chatbot_id_url_key" ON "chatbot_links"("chatbot_id", "url");

CREATE TABLE "link_clicks" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "chatbot_id" UUID NOT NULL,
    "link_id" UUID NOT NULL,
    "conversation_id" UUID,
    "visitor_id" UUID,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "link_clicks_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "link_clicks_chatbot_id_created_at_idx" ON "link_clicks"("chatbot_id", "created_at");
CREATE INDEX "link_clicks_link_id_idx" ON "link_clicks"("link_id");

CREATE TABLE "widget_events" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "chatbot_id" UUID NOT NULL,
    "conversation_id" UUID,
    "visitor_id" UUID,
    "value" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "widget_events_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "widget_events_chatbot_id_created_at_idx" ON "widget_events"("chatbot_id", "created_at");

CREATE TABLE "contacts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "team_id" UUID NOT NULL,
    "chatbot_id" UUID NOT NULL,
    "visitor_id" UUID NOT NULL,
    "conversation_id" UUID,
    "email" TEXT NOT NULL DEFAULT '',
    "phone" TEXT,
    "first_name" TEXT NOT NULL DEFAULT '',
    "last_name" TEXT NOT NULL DEFAULT '',
    "custom_data" JSONB,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "contacts_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "contacts_chatbot_id_created_at_idx" ON "contacts"("chatbot_id", "created_at");
CREATE INDEX "contacts_team_id_idx" ON "contacts"("team_id");
CREATE INDEX "contacts_visitor_id_idx" ON "contacts"("visitor_id");

CREATE TABLE "escalations" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "chatbot_id" UUID NOT NULL,
    "conversation_id" UUID NOT NULL,
    "reason" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "resolved_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "escalations_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "escalations_chatbot_id_created_at_idx" ON "escalations"("chatbot_id", "created_at");

CREATE TABLE "insights" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "chatbot_id" UUID NOT NULL,
    "period_type" TEXT NOT NULL,
    "period_start" DATE NOT NULL,
    "period_end" DATE NOT NULL,
    "answered" JSONB,
    "unanswered" JSONB,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "insights_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "insights_chatbot_id_period_type_period_start_period_end_key" ON "insights"("chatbot_id", "period_type", "period_start", "period_end");

CREATE TABLE "credit_ledger" (
    "id" BIGSERIAL NOT NULL,
    "team_id" UUID NOT NULL,
    "agency_id" UUID,
    "actor_user_id" UUID,
    "kind" TEXT NOT NULL,
    "used_delta" INTEGER NOT NULL DEFAULT 0,
    "topup_delta" INTEGER NOT NULL DEFAULT 0,
    "debt_delta" INTEGER NOT NULL DEFAULT 0,
    "used_after" INTEGER NOT NULL,
    "topup_after" INTEGER NOT NULL,
    "debt_after" INTEGER NOT NULL,
    "reference" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "credit_ledger_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "credit_ledger_team_id_id_idx" ON "credit_ledger"("team_id", "id");
CREATE INDEX "credit_ledger_agency_id_created_at_idx" ON "credit_ledger"("agency_id", "created_at");

CREATE TABLE "webhooks" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "team_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "events" JSONB,
    "secret" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "webhooks_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "webhooks_team_id_created_at_idx" ON "webhooks"("team_id", "created_at");

CREATE TABLE "webhook_deliveries" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "webhook_id" UUID NOT NULL,
    "outbox_event_id" UUID,
    "event" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "response_status" INTEGER,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "delivered_at" TIMESTAMPTZ(6),
    "next_attempt_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "webhook_deliveries_outbox_event_id_webhook_id_key" ON "webhook_deliveries"("outbox_event_id", "webhook_id");
CREATE INDEX "webhook_deliveries_webhook_id_created_at_idx" ON "webhook_deliveries"("webhook_id", "created_at");
CREATE INDEX "webhook_deliveries_created_at_idx" ON "webhook_deliveries"("created_at");

CREATE TABLE "idempotency_keys" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'in_flight',
    "response_status" INTEGER,
    "response_body" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(6),
    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "idempotency_keys_user_id_key_key" ON "idempotency_keys"("user_id", "key");
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys"("created_at");

CREATE TABLE "outbox_events" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "agency_id" UUID NOT NULL,
    "team_id" UUID NOT NULL,
    "chatbot_id" UUID,
    "type" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "dispatched_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "outbox_events_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "outbox_events_dispatched_at_created_at_idx" ON "outbox_events"("dispatched_at", "created_at");

-- Foreign keys
ALTER TABLE "users" ADD CONSTRAINT "users_current_team_id_fkey" FOREIGN KEY ("current_team_id") REFERENCES "teams"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "teams" ADD CONSTRAINT "teams_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "teams" ADD CONSTRAINT "teams_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "teams"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_id_fkey" FOREIGN KEY ("invited_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "suggested_messages" ADD CONSTRAINT "suggested_messages_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "sources" ADD CONSTRAINT "sources_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "updated_answers" ADD CONSTRAINT "updated_answers_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_visitor_id_fkey" FOREIGN KEY ("visitor_id") REFERENCES "visitors"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "messages" ADD CONSTRAINT "messages_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "chatbot_links" ADD CONSTRAINT "chatbot_links_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "link_clicks" ADD CONSTRAINT "link_clicks_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "link_clicks" ADD CONSTRAINT "link_clicks_link_id_fkey" FOREIGN KEY ("link_id") REFERENCES "chatbot_links"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "link_clicks" ADD CONSTRAINT "link_clicks_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "widget_events" ADD CONSTRAINT "widget_events_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_visitor_id_fkey" FOREIGN KEY ("visitor_id") REFERENCES "visitors"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "escalations" ADD CONSTRAINT "escalations_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "escalations" ADD CONSTRAINT "escalations_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "insights" ADD CONSTRAINT "insights_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_outbox_event_id_fkey" FOREIGN KEY ("outbox_event_id") REFERENCES "outbox_events"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "outbox_events" ADD CONSTRAINT "outbox_events_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;
