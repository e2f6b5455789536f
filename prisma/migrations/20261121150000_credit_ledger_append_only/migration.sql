-- The credit ledger is an append-only audit log: it keeps its rows when a
-- workspace or agency is deleted, and its inserts (one per answer) no longer
-- take FOR KEY SHARE locks on the team rows, which every concurrent charge of
-- an agency would otherwise pile up on the same agency row (multixacts).
ALTER TABLE "credit_ledger" DROP CONSTRAINT IF EXISTS "credit_ledger_team_id_fkey";
ALTER TABLE "credit_ledger" DROP CONSTRAINT IF EXISTS "credit_ledger_agency_id_fkey";
