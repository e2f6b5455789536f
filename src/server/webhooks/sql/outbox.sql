-- Current state (docs/architecture.md, "Data access"): re-applied by the
-- migration runner after every migration, so this file is the one place where
-- these definitions are read and changed. Tables stay in prisma/migrations.

-- The outbox's dispatcher is enqueued in the writer's transaction, once per
-- statement that inserted events (one job key: a burst is one dispatch). A
-- statement that inserted no rows (the CTEs of a top-up or a charge insert an
-- event only when a budget runs dry) enqueues nothing. The job name comes
-- from the job registry (kernel/jobs/registry.ts).
CREATE OR REPLACE FUNCTION outbox_events_enqueue_dispatch() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM inserted_outbox_events) THEN
    PERFORM graphile_worker.add_job({{job:dispatch_outbox}}, '{}'::json, job_key := 'dispatch_outbox', job_key_mode := 'replace');
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER outbox_events_enqueue_dispatch
AFTER INSERT ON outbox_events
REFERENCING NEW TABLE AS inserted_outbox_events
FOR EACH STATEMENT EXECUTE FUNCTION outbox_events_enqueue_dispatch();
