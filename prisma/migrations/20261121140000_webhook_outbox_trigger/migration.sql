-- Every statement that writes outbox events also enqueues the dispatcher, in
-- the same transaction: an event can never be committed without the job that
-- turns it into webhook deliveries (DESIGN §9). One pending dispatch job at a
-- time (job key); a dispatcher already running gets a successor.
CREATE OR REPLACE FUNCTION outbox_events_enqueue_dispatch() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM graphile_worker.add_job('dispatch_outbox', '{}'::json, job_key := 'dispatch_outbox', job_key_mode := 'replace');
  RETURN NULL;
END;
$$;

CREATE TRIGGER outbox_events_enqueue_dispatch
AFTER INSERT ON outbox_events
FOR EACH STATEMENT EXECUTE FUNCTION outbox_events_enqueue_dispatch();

-- The delivery log's "pending attempts" scan (sweeper) and the outbox scan.
CREATE INDEX "webhook_deliveries_next_attempt_at_idx" ON "webhook_deliveries"("next_attempt_at");
