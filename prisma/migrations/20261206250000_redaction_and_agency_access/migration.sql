-- Redaction and the agency's visits (docs/decisions/125-redaction-and-the-agencys-visits.md).

-- Per chatbot: mask e-mail addresses, phone, card and IBAN numbers in visitors' messages before they are kept.
ALTER TABLE "chatbots" ADD COLUMN "redact_pii" BOOLEAN NOT NULL DEFAULT false;

-- Per client workspace: "open", or "ask_first" (the agency owner asks the client's admin before reading conversations).
ALTER TABLE "teams" ADD COLUMN "agency_access" TEXT NOT NULL DEFAULT 'open';

-- The agency owner's requests to read a workspace's conversations; an approved one is a grant until `expires_at`.
CREATE TABLE "agency_access_requests" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "team_id" UUID NOT NULL,
    "requested_by" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "decided_by" UUID,
    "decided_at" TIMESTAMPTZ(6),
    "expires_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agency_access_requests_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "agency_access_requests_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "agency_access_requests_team_id_created_at_idx" ON "agency_access_requests"("team_id", "created_at");

-- An agency owner's visits are recorded once per page in ten minutes: the check reads this index's few recent rows.
CREATE INDEX "audit_log_team_id_actor_user_id_action_created_at_idx" ON "audit_log"("team_id", "actor_user_id", "action", "created_at");
