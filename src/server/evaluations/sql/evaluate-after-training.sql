-- Current state (docs/architecture.md, "Data access"). The quality score
-- (docs/decisions/063-chatbot-quality-score.md): every completed training of a
-- chatbot's source (a website, a file, a text — not each page of a crawl)
-- queues an evaluation of the chatbot, whoever trained it, in the training's
-- own transaction: the dashboard shows it queued at once. Sources trained
-- together share the queued run (and its job, one key per chatbot, a few
-- seconds ahead).
CREATE OR REPLACE FUNCTION sources_evaluate_after_training() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  queued uuid;
BEGIN
  IF NEW.status <> 'trained' OR NEW.indexer_id IS NOT NULL OR NEW.deleted_at IS NOT NULL
     OR (TG_OP = 'UPDATE' AND OLD.status = 'trained') THEN
    RETURN NULL;
  END IF;
  SELECT id INTO queued FROM evaluations
   WHERE chatbot_id = NEW.chatbot_id AND status = 'queued' AND trigger = 'training'
   ORDER BY created_at DESC LIMIT 1;
  IF queued IS NULL THEN
    INSERT INTO evaluations (chatbot_id, trigger, status) VALUES (NEW.chatbot_id, 'training', 'queued') RETURNING id INTO queued;
  END IF;
  PERFORM graphile_worker.add_job({{job:evaluate_chatbot}}, json_build_object('evaluationId', queued),
    run_at := now() + interval '3 seconds', max_attempts := 3,
    job_key := 'evaluate_chatbot:' || NEW.chatbot_id, job_key_mode := 'replace');
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER sources_evaluate_after_training
AFTER INSERT OR UPDATE OF status ON sources
FOR EACH ROW EXECUTE FUNCTION sources_evaluate_after_training();
