-- Current state (docs/architecture.md, "Data access"). Issue 22, item 6
-- (docs/decisions/063-chatbot-quality-score.md): every completed training of a
-- chatbot's source (a website, a file, a text — not each page of a crawl)
-- queues the chatbot's evaluation, whoever trained it. One job key per chatbot,
-- a few seconds ahead: sources trained together are evaluated once.
CREATE OR REPLACE FUNCTION sources_evaluate_after_training() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 'trained' OR NEW.indexer_id IS NOT NULL OR NEW.deleted_at IS NOT NULL
     OR (TG_OP = 'UPDATE' AND OLD.status = 'trained') THEN
    RETURN NULL;
  END IF;
  PERFORM graphile_worker.add_job({{job:evaluate_chatbot}}, json_build_object('chatbotId', NEW.chatbot_id),
    run_at := now() + interval '3 seconds', max_attempts := 3,
    job_key := 'evaluate_chatbot:' || NEW.chatbot_id, job_key_mode := 'replace');
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER sources_evaluate_after_training
AFTER INSERT OR UPDATE OF status ON sources
FOR EACH ROW EXECUTE FUNCTION sources_evaluate_after_training();
