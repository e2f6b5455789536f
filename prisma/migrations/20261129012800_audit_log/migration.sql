-- Issue 26: who did what and when. Append-only like credit_ledger (a trigger
-- in src/server/audit/sql/audit-log.sql refuses UPDATE, DELETE and TRUNCATE)
-- and without foreign keys, so a deleted user, token or workspace keeps its history.
CREATE TABLE "audit_log" (
    "id" BIGSERIAL NOT NULL,
    "agency_id" UUID,
    "team_id" UUID,
    "actor_type" TEXT NOT NULL,
    "actor_user_id" UUID,
    "actor_token_id" UUID,
    "actor_name" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" TEXT,
    "target_name" TEXT,
    "before" JSONB,
    "after" JSONB,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "audit_log_agency_id_id_idx" ON "audit_log"("agency_id", "id");
CREATE INDEX "audit_log_team_id_id_idx" ON "audit_log"("team_id", "id");
