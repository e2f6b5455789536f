-- Current state (docs/architecture.md, "Data access"): re-applied by the
-- migration runner after every migration. Tables stay in prisma/migrations.

-- A conversation of a Telegram, WhatsApp or Slack chat that becomes resolved
-- (a person, REST, whoever) asks its person to rate it
-- (docs/decisions/130-ratings-on-the-channels.md): the chat is marked asked and
-- the prompt queued in the transaction that resolves it. A second later, so an
-- agent's last reply, queued just before, is usually delivered first. One
-- pending prompt per chat and conversation (job_key).
CREATE OR REPLACE FUNCTION channel_rating_ask_enqueue() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  asked record;
BEGIN
  FOR asked IN
    UPDATE channel_chats cc SET rating_asked_at = now()
      FROM channels ch
     WHERE cc.conversation_id = NEW.id AND ch.id = cc.channel_id AND ch.kind IN ('messaging_app_1', 'messaging_app_2', 'team_chat_1')
    RETURNING cc.channel_id, cc.chat_key
  LOOP
    PERFORM graphile_worker.add_job({{job:channel_rating_ask}},
              json_build_object('channel_id', asked.channel_id, 'chat_key', asked.chat_key, 'conversation_id', NEW.id),
              job_key := 'channel_rating_ask:' || asked.channel_id::text || ':' || NEW.id::text,
              run_at := now() + interval '1 second',
              max_attempts := 3);
  END LOOP;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER conversations_channel_rating_ask
AFTER UPDATE OF status ON conversations
FOR EACH ROW WHEN (NEW.status = 'resolved' AND OLD.status IS DISTINCT FROM 'resolved') EXECUTE FUNCTION channel_rating_ask_enqueue();
