-- Lists flat with volume (docs/decisions/127-lists-flat-at-a-million.md).
--
-- A webhook's deliveries, counted: the delivery log's `total` read from these
-- rows instead of counting every delivery of the endpoint on each page. Kept
-- by the statement triggers of src/server/webhooks/sql/delivery-counts.sql;
-- an endpoint's figure is the sum of its rows (several, so that concurrent
-- writers never wait on one hot row, as for the inbox counts).
CREATE TABLE "webhook_delivery_counts" (
  "id" BIGSERIAL PRIMARY KEY,
  "webhook_id" UUID NOT NULL REFERENCES "webhooks"("id") ON UPDATE CASCADE ON DELETE CASCADE,
  "deliveries" INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX "webhook_delivery_counts_webhook_id_idx" ON "webhook_delivery_counts"("webhook_id");

INSERT INTO "webhook_delivery_counts" ("webhook_id", "deliveries")
SELECT "webhook_id", count(*)::int FROM "webhook_deliveries" GROUP BY 1;

-- The contacts list's order (newest first, id breaking ties), read from one index with no sort.
CREATE INDEX "contacts_chatbot_id_created_at_id_idx" ON "contacts"("chatbot_id", "created_at" DESC, "id" DESC);
DROP INDEX "contacts_chatbot_id_created_at_idx";

-- The conversations list filtered by its archived flag, in the list's order: a page (or the
-- position of a deep page) read from the index alone, never skipping the other flag's rows.
CREATE INDEX "conversations_chatbot_id_archived_last_message_at_id_idx" ON "conversations"("chatbot_id", "archived", "last_message_at" DESC, "id" DESC);
