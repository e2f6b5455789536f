-- Current state (docs/architecture.md, "Data access"): re-applied by the
-- migration runner after every migration, so this file is the one place where
-- these definitions are read and changed. Tables stay in prisma/migrations.

-- A webhook's deliveries, counted for the delivery log's total
-- (docs/decisions/127-lists-flat-at-a-million.md): statement-level triggers with
-- transition tables, one bump per endpoint a statement touched, on one of the
-- endpoint's rows that no other writer holds (SKIP LOCKED; a new row when all
-- are held), so concurrent deliveries never queue on one hot row. An
-- endpoint's figure is the sum of its rows.
CREATE OR REPLACE FUNCTION "webhook_delivery_count_bump"(p_webhook UUID, p_deliveries INT)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "webhook_delivery_counts" SET "deliveries" = "deliveries" + p_deliveries
   WHERE "id" = (SELECT "id" FROM "webhook_delivery_counts" WHERE "webhook_id" = p_webhook LIMIT 1 FOR UPDATE SKIP LOCKED);
  IF NOT FOUND THEN
    INSERT INTO "webhook_delivery_counts" ("webhook_id", "deliveries")
    SELECT p_webhook, p_deliveries WHERE EXISTS (SELECT 1 FROM "webhooks" WHERE "id" = p_webhook);
  END IF;
END
$$;

CREATE OR REPLACE FUNCTION "webhook_deliveries_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "webhook_delivery_count_bump"(k, n) FROM (SELECT "webhook_id" AS k, count(*)::int AS n FROM new_rows GROUP BY 1 ORDER BY 1) d;
  ELSE
    -- An endpoint's delete cascades here; its counts went with it.
    PERFORM "webhook_delivery_count_bump"(k, -n) FROM (SELECT "webhook_id" AS k, count(*)::int AS n FROM old_rows GROUP BY 1 ORDER BY 1) d
      WHERE EXISTS (SELECT 1 FROM "webhooks" WHERE "id" = k);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "webhook_deliveries_count_insert" AFTER INSERT ON "webhook_deliveries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "webhook_deliveries_counted"();

CREATE OR REPLACE TRIGGER "webhook_deliveries_count_delete" AFTER DELETE ON "webhook_deliveries"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "webhook_deliveries_counted"();
