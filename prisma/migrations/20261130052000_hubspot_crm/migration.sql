-- HubSpot (issue 25, docs/decisions/077-hubspot-crm.md): a workspace's connection (sealed private-app token,
-- field mapping) and each lead's sync state, written by the contacts trigger (crm/sql/crm-sync.sql) and the job.

CREATE TABLE "hubspot_connections" (
    "team_id" UUID NOT NULL,
    "token" TEXT NOT NULL,
    "portal_id" TEXT,
    "field_mapping" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "hubspot_connections_pkey" PRIMARY KEY ("team_id"),
    CONSTRAINT "hubspot_connections_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "crm_syncs" (
    "contact_id" UUID NOT NULL,
    "team_id" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "hubspot_contact_id" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "synced_at" TIMESTAMPTZ(6),
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "crm_syncs_pkey" PRIMARY KEY ("contact_id"),
    CONSTRAINT "crm_syncs_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "crm_syncs_team_id_idx" ON "crm_syncs" ("team_id");
