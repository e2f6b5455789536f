-- Issue 28: a webhook's deliveries are listed newest first with the id as
-- the tie-break (created_at DESC, id DESC); with the id in the index the
-- page is read from it in that order, 25 rows, instead of every delivery of
-- the webhook sorted (docs/decisions/095-first-pages-keep-their-plan.md).
-- It serves every look-up the old (webhook_id, created_at) index did.
CREATE INDEX "webhook_deliveries_webhook_id_created_at_id_idx" ON "webhook_deliveries"("webhook_id", "created_at", "id");

DROP INDEX "webhook_deliveries_webhook_id_created_at_idx";
