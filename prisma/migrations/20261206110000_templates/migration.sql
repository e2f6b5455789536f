-- Templates (docs/decisions/111-templates-are-data.md, docs/decisions/112-rollouts-with-a-quality-gate.md): a
-- versioned snapshot of a chatbot's configuration, the chatbots linked to one (the version each follows, its
-- variables and which of its rows came from which template item), and rollouts: a job with a row per chatbot,
-- each keeping the chatbot's state from before, and one claim per chatbot so two rollouts never act on it at once.

CREATE TABLE "templates" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "agency_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "master_chatbot_id" UUID,
    "variables" JSONB NOT NULL DEFAULT '{}',
    "latest_version" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "templates_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "templates_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "templates_master_chatbot_id_fkey" FOREIGN KEY ("master_chatbot_id") REFERENCES "chatbots"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX "templates_agency_id_created_at_idx" ON "templates" ("agency_id", "created_at");
CREATE INDEX "templates_master_chatbot_id_idx" ON "templates" ("master_chatbot_id");

CREATE TABLE "template_versions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "template_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "note" TEXT,
    "content" JSONB NOT NULL,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "template_versions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "template_versions_template_id_fkey" FOREIGN KEY ("template_id") REFERENCES "templates"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "template_versions_template_id_version_key" ON "template_versions" ("template_id", "version");

CREATE TABLE "template_links" (
    "chatbot_id" UUID NOT NULL,
    "template_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "variables" JSONB NOT NULL DEFAULT '{}',
    "item_ids" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "template_links_pkey" PRIMARY KEY ("chatbot_id"),
    CONSTRAINT "template_links_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "template_links_template_id_fkey" FOREIGN KEY ("template_id") REFERENCES "templates"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "template_links_template_id_idx" ON "template_links" ("template_id");

CREATE TABLE "template_rollouts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "template_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "max_score_drop" DOUBLE PRECISION,
    "actor" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(6),
    CONSTRAINT "template_rollouts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "template_rollouts_template_id_fkey" FOREIGN KEY ("template_id") REFERENCES "templates"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "template_rollouts_template_id_created_at_idx" ON "template_rollouts" ("template_id", "created_at");
CREATE INDEX "template_rollouts_status_updated_at_idx" ON "template_rollouts" ("status", "updated_at");

CREATE TABLE "template_rollout_chatbots" (
    "rollout_id" UUID NOT NULL,
    "chatbot_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "reason" TEXT,
    "from_version" INTEGER,
    "before" JSONB,
    "changes" JSONB NOT NULL DEFAULT '[]',
    "kept" JSONB NOT NULL DEFAULT '[]',
    "gate" TEXT,
    "score_before" DOUBLE PRECISION,
    "score_after" DOUBLE PRECISION,
    "evaluation_id" UUID,
    "applied_at" TIMESTAMPTZ(6),
    "rollback_requested_at" TIMESTAMPTZ(6),
    "rolled_back_at" TIMESTAMPTZ(6),
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "template_rollout_chatbots_pkey" PRIMARY KEY ("rollout_id", "chatbot_id"),
    CONSTRAINT "template_rollout_chatbots_rollout_id_fkey" FOREIGN KEY ("rollout_id") REFERENCES "template_rollouts"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "template_rollout_chatbots_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "template_rollout_chatbots_rollout_id_position_idx" ON "template_rollout_chatbots" ("rollout_id", "position");
CREATE INDEX "template_rollout_chatbots_chatbot_id_idx" ON "template_rollout_chatbots" ("chatbot_id");
CREATE INDEX "template_rollout_chatbots_evaluation_id_idx" ON "template_rollout_chatbots" ("evaluation_id");

CREATE TABLE "template_rollout_claims" (
    "chatbot_id" UUID NOT NULL,
    "rollout_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "template_rollout_claims_pkey" PRIMARY KEY ("chatbot_id"),
    CONSTRAINT "template_rollout_claims_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "template_rollout_claims_rollout_id_fkey" FOREIGN KEY ("rollout_id") REFERENCES "template_rollouts"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "template_rollout_claims_rollout_id_idx" ON "template_rollout_claims" ("rollout_id");
