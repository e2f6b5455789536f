-- Current state (docs/architecture.md, "Data access"). The quality gate of template rollouts
-- (docs/decisions/112-rollouts-with-a-quality-gate.md) moves on events, not on a timer: a source of a chatbot
-- whose gate waits for its training finishes training (or fails), or an evaluation a gate waits for ends. Each
-- queues the rollout's gate job (one pending per rollout: its key), in the writer's transaction.
CREATE OR REPLACE FUNCTION sources_template_gate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM graphile_worker.add_job({{job:template_rollout_gate}}, json_build_object('rolloutId', r.rollout_id),
            run_at := now() + interval '1 second', max_attempts := 5,
            job_key := 'template_rollout_gate:' || r.rollout_id, job_key_mode := 'replace')
     FROM template_rollout_chatbots r
    WHERE r.chatbot_id = NEW.chatbot_id AND r.status = 'applied' AND r.gate = 'waiting';
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER sources_template_gate
AFTER UPDATE OF status, deleted_at ON sources
FOR EACH ROW WHEN (NEW.indexer_id IS NULL AND (NEW.status IN ('trained', 'failed') OR NEW.deleted_at IS NOT NULL))
EXECUTE FUNCTION sources_template_gate();

CREATE OR REPLACE FUNCTION evaluations_template_gate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM graphile_worker.add_job({{job:template_rollout_gate}}, json_build_object('rolloutId', r.rollout_id),
            max_attempts := 5, job_key := 'template_rollout_gate:' || r.rollout_id, job_key_mode := 'replace')
     FROM template_rollout_chatbots r
    WHERE r.evaluation_id = NEW.id AND r.gate = 'evaluating';
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER evaluations_template_gate
AFTER UPDATE OF status ON evaluations
FOR EACH ROW WHEN (NEW.status IN ('completed', 'failed'))
EXECUTE FUNCTION evaluations_template_gate();
