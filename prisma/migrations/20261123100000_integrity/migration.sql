-- Integrity rules the application relied on without the database enforcing
-- them (issue 8). Forward-only: earlier migrations are never edited.

-- 1. The outbox trigger enqueued a dispatcher for every INSERT statement on
--    outbox_events, also those that inserted no rows (the CTEs of a top-up or
--    a charge insert an event only when a budget runs dry). The transition
--    table holds the statement's new rows: no rows, no job.
CREATE OR REPLACE FUNCTION outbox_events_enqueue_dispatch() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM inserted_outbox_events) THEN
    PERFORM graphile_worker.add_job('dispatch_outbox', '{}'::json, job_key := 'dispatch_outbox', job_key_mode := 'replace');
  END IF;
  RETURN NULL;
END;
$$;

DROP TRIGGER outbox_events_enqueue_dispatch ON outbox_events;
CREATE TRIGGER outbox_events_enqueue_dispatch
AFTER INSERT ON outbox_events
REFERENCING NEW TABLE AS inserted_outbox_events
FOR EACH STATEMENT EXECUTE FUNCTION outbox_events_enqueue_dispatch();

-- 2. The credit ledger is append-only: rows are inserted, never changed or
--    removed (it has no foreign keys, so no cascade deletes its rows either).
CREATE FUNCTION credit_ledger_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'credit_ledger is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER credit_ledger_append_only
BEFORE UPDATE OR DELETE ON credit_ledger
FOR EACH ROW EXECUTE FUNCTION credit_ledger_refuse_change();

CREATE TRIGGER credit_ledger_no_truncate
BEFORE TRUNCATE ON credit_ledger
FOR EACH STATEMENT EXECUTE FUNCTION credit_ledger_refuse_change();

-- 3. Counters and limits are never negative.
ALTER TABLE "teams"
  ADD CONSTRAINT "teams_messages_used_nonnegative" CHECK ("messages_used" >= 0),
  ADD CONSTRAINT "teams_topup_credits_nonnegative" CHECK ("topup_credits" >= 0),
  ADD CONSTRAINT "teams_overflow_debt_nonnegative" CHECK ("overflow_debt" >= 0),
  ADD CONSTRAINT "teams_pool_messages_used_nonnegative" CHECK ("pool_messages_used" >= 0),
  ADD CONSTRAINT "teams_limits_nonnegative" CHECK (
    COALESCE("message_limit", 0) >= 0 AND COALESCE("source_limit", 0) >= 0 AND COALESCE("chatbot_limit", 0) >= 0
    AND COALESCE("workspace_limit", 0) >= 0 AND COALESCE("monthly_message_pool", 0) >= 0);

ALTER TABLE "credit_ledger"
  ADD CONSTRAINT "credit_ledger_balances_nonnegative" CHECK ("used_after" >= 0 AND "topup_after" >= 0 AND "debt_after" >= 0);

ALTER TABLE "conversations"
  ADD CONSTRAINT "conversations_counters_nonnegative" CHECK ("message_count" >= 0 AND "question_count" >= 0 AND "answered_count" >= 0);

ALTER TABLE "webhook_deliveries"
  ADD CONSTRAINT "webhook_deliveries_attempts_nonnegative" CHECK ("attempts" >= 0);

-- 4. schema.prisma declares idempotency keys as belonging to their user
--    (deleted with it); the init migration missed the foreign key. The keys
--    are a one-day replay cache, so orphans of deleted users are dropped.
DELETE FROM "idempotency_keys" k WHERE NOT EXISTS (SELECT 1 FROM "users" u WHERE u.id = k.user_id);
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
