-- Current state (docs/architecture.md, "Data access"): re-applied by the
-- migration runner after every migration. Tables stay in prisma/migrations.

-- Intercom as the human side (docs/decisions/119-intercom-as-the-human-side.md):
-- a conversation that starts waiting for a person, in a workspace with
-- Intercom connected, is handed over — whichever path asked (the widget's
-- button, the rules, a channel, REST) — and each later visitor message of a
-- conversation already in Intercom is added. One job key and one queue per
-- conversation: its messages go in order, a pending retry keeps its time
-- (a 429's wait), and the job posts each message once (intercom/handoff-job.ts).
CREATE OR REPLACE FUNCTION intercom_handoff_enqueue(p_conversation_id uuid) RETURNS void
LANGUAGE sql AS $$
  SELECT graphile_worker.add_job({{job:intercom_handoff}},
           json_build_object('conversation_id', p_conversation_id, 'attempt', 1, 'waits', 0),
           queue_name := 'intercom:' || p_conversation_id::text,
           job_key := 'intercom:' || p_conversation_id::text,
           job_key_mode := 'preserve_run_at',
           max_attempts := 3);
$$;

CREATE OR REPLACE FUNCTION intercom_handoff_on_waiting() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM chatbots b JOIN intercom_connections ic ON ic.team_id = b.team_id WHERE b.id = NEW.chatbot_id) THEN
    PERFORM intercom_handoff_enqueue(NEW.id);
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER conversations_intercom_handoff
AFTER UPDATE OF status ON conversations
FOR EACH ROW WHEN (NEW.status = 'waiting' AND OLD.status IS DISTINCT FROM 'waiting') EXECUTE FUNCTION intercom_handoff_on_waiting();

CREATE OR REPLACE FUNCTION intercom_handoff_on_message() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM intercom_conversations x WHERE x.conversation_id = NEW.conversation_id) THEN
    PERFORM intercom_handoff_enqueue(NEW.conversation_id);
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER messages_intercom_handoff
AFTER INSERT ON messages
FOR EACH ROW WHEN (NEW.role = 'user') EXECUTE FUNCTION intercom_handoff_on_message();
