-- Issue 26: auto top-up per client workspace. All three settings null = off.
-- auto_topup_fired_at marks the trigger already served (the balance is still
-- below the threshold after it); the next answer that finds the balance back
-- at or above the threshold clears it, so each fall below fires once.
ALTER TABLE "teams"
  ADD COLUMN "auto_topup_threshold" INTEGER,
  ADD COLUMN "auto_topup_amount" INTEGER,
  ADD COLUMN "auto_topup_monthly_cap" INTEGER,
  ADD COLUMN "auto_topup_fired_at" TIMESTAMPTZ(6);

-- Why a ledger row was written when its kind alone does not say (auto top-ups).
ALTER TABLE "credit_ledger" ADD COLUMN "reason" TEXT;

-- The month's auto top-ups of a workspace, read when one is due (the monthly cap).
CREATE INDEX "credit_ledger_auto_topups_idx" ON "credit_ledger" ("team_id", "created_at") WHERE "kind" = 'auto_topup';
