-- Deleting a client workspace (issue 13): its chatbots (with their sources,
-- conversations and contacts), memberships and invitations are removed; the
-- row stays as a tombstone so the agency's credit ledger and the pool use of
-- the current period are kept. A deleted workspace is invisible everywhere.
ALTER TABLE "teams" ADD COLUMN "deleted_at" TIMESTAMPTZ(6);
