-- Current state (docs/architecture.md, "Data access"): re-applied by the
-- migration runner after every migration. Tables stay in prisma/migrations.

-- An agent's reply in a conversation that came from a messaging channel goes
-- to the person on that channel (docs/decisions/069-messaging-channels.md):
-- its send is queued in the transaction that records the reply, whoever
-- writes it (the inbox, REST), and retried like the bot's replies. The WHEN
-- clause keeps the trigger off the hot path (visitors' and bot messages).
CREATE OR REPLACE FUNCTION channel_agent_reply_enqueue() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM graphile_worker.add_job({{job:channel_send}},
            json_build_object('channel_id', cc.channel_id, 'chat_key', cc.chat_key, 'text', NEW.content,
                              'message_id', NEW.id, 'attempt', 1, 'waits', 0),
            max_attempts := 3)
     FROM channel_chats cc
    WHERE cc.conversation_id = NEW.conversation_id;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER messages_channel_agent_reply
AFTER INSERT ON messages
FOR EACH ROW WHEN (NEW.role = 'agent') EXECUTE FUNCTION channel_agent_reply_enqueue();
