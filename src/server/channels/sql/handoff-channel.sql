-- Current state (docs/architecture.md, "Data access"): re-applied by the
-- migration runner after every migration. Tables stay in prisma/migrations.

-- A conversation that starts waiting for a person is posted to each handoff
-- channel of its chatbot — a Slack or a Microsoft Teams channel's
-- (docs/decisions/073-slack-handoff-channel.md, 129-teams-handoff-channel.md) —
-- whichever path asked (the widget's button, the rules, an escalation, REST):
-- the post is queued in the transaction that changes the status. One pending
-- job per conversation and channel (job_key); the job posts once (channels/handoff.ts).
-- The function, trigger and job keep the names they had when Slack was the only provider.
CREATE OR REPLACE FUNCTION slack_handoff_enqueue() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM graphile_worker.add_job({{job:slack_handoff_post}},
            json_build_object('channel_id', ch.id, 'conversation_id', NEW.id, 'attempt', 1, 'waits', 0),
            job_key := 'slack_handoff:' || ch.id::text || ':' || NEW.id::text,
            max_attempts := 3)
     FROM channels ch
    WHERE ch.chatbot_id = NEW.chatbot_id AND ch.kind IN ('team_chat_1', 'team_chat_2') AND ch.handoff_channel IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM channel_handoff_threads h WHERE h.channel_id = ch.id AND h.conversation_id = NEW.id);
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER conversations_slack_handoff
AFTER UPDATE OF status ON conversations
FOR EACH ROW WHEN (NEW.status = 'waiting' AND OLD.status IS DISTINCT FROM 'waiting') EXECUTE FUNCTION slack_handoff_enqueue();
