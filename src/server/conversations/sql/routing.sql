-- Current state (docs/architecture.md, "Data access"): re-applied by the
-- migration runner after every migration. Tables stay in prisma/migrations.

-- Routing (docs/decisions/122-business-hours-routing-and-ratings.md): a conversation that starts waiting
-- for a person goes round-robin to an available member of its chatbot's workspace with fewer open
-- conversations (waiting or with a person) than their maximum; nobody: it stays in the unassigned queue
-- until a member becomes available or a slot frees. Every assignment of a workspace runs under one
-- transaction-scoped advisory lock of that workspace, and counts after taking it (each statement of a
-- plpgsql function reads a fresh snapshot), so two conversations waiting at once never both take a
-- member's last slot, whichever app process asked.

CREATE OR REPLACE FUNCTION "routing_lock"(p_team UUID) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtextextended('routing:' || p_team::text, 0))
$$;

-- The member a new conversation of the workspace goes to (null: nobody available with a free slot);
-- the caller holds routing_lock. Round-robin: the one assigned longest ago.
CREATE OR REPLACE FUNCTION "routing_pick"(p_team UUID, p_except UUID) RETURNS UUID LANGUAGE plpgsql AS $$
DECLARE
  v_user UUID;
BEGIN
  SELECT m.user_id INTO v_user
    FROM memberships m
   WHERE m.team_id = p_team AND m.available
     AND (SELECT count(*) FROM conversations c JOIN chatbots b ON b.id = c.chatbot_id
           WHERE b.team_id = p_team AND c.assignee_id = m.user_id AND c.status IN ('waiting', 'human')
             AND c.id IS DISTINCT FROM p_except) < m.max_open_conversations
   ORDER BY m.last_assigned_at NULLS FIRST, m.created_at, m.user_id
   LIMIT 1;
  IF v_user IS NOT NULL THEN
    UPDATE memberships SET last_assigned_at = clock_timestamp() WHERE team_id = p_team AND user_id = v_user;
  END IF;
  RETURN v_user;
END
$$;

-- Before a conversation's status changes: when it starts waiting, the time (response times) and,
-- with nobody named yet, an assignee; when it is resolved, the time.
CREATE OR REPLACE FUNCTION "routing_conversation_status"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_team UUID;
  v_unattended INT;
BEGIN
  IF NEW.status = 'resolved' THEN
    NEW.resolved_at := now();
    RETURN NEW;
  END IF;
  IF NEW.status <> 'waiting' THEN
    RETURN NEW;
  END IF;
  NEW.waiting_since := now();
  NEW.outside_hours := false;
  SELECT team_id, (business_hours ->> 'unattended_minutes')::int INTO v_team, v_unattended FROM chatbots WHERE id = NEW.chatbot_id;
  -- With business hours set: nobody's reply within the unattended minutes marks it (conversations/unattended.ts).
  IF v_unattended IS NOT NULL THEN
    PERFORM graphile_worker.add_job({{job:handoff_unattended}},
              json_build_object('conversation_id', NEW.id, 'waiting_since', NEW.waiting_since),
              run_at := NEW.waiting_since + make_interval(mins => v_unattended),
              job_key := 'handoff_unattended:' || NEW.id::text, max_attempts := 3);
  END IF;
  IF NEW.assignee_id IS NULL THEN
    PERFORM routing_lock(v_team);
    NEW.assignee_id := routing_pick(v_team, NEW.id);
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER "conversations_routing_status"
BEFORE UPDATE OF status ON conversations
FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status AND NEW.status IN ('waiting', 'resolved'))
EXECUTE FUNCTION routing_conversation_status();

-- The unassigned queue of a workspace, oldest first, to the members with free slots; the inbox streams are
-- told (a status event with the unchanged status makes them read the conversation again). Returns how many.
CREATE OR REPLACE FUNCTION "routing_drain"(p_team UUID) RETURNS INT LANGUAGE plpgsql AS $$
DECLARE
  v_conversation RECORD;
  v_user UUID;
  v_count INT := 0;
BEGIN
  PERFORM routing_lock(p_team);
  LOOP
    SELECT c.id, c.chatbot_id INTO v_conversation
      FROM conversations c JOIN chatbots b ON b.id = c.chatbot_id
     WHERE b.team_id = p_team AND c.status = 'waiting' AND c.assignee_id IS NULL
     ORDER BY c.waiting_since NULLS FIRST, c.id
     LIMIT 1
       FOR UPDATE OF c SKIP LOCKED;
    EXIT WHEN NOT FOUND;
    v_user := routing_pick(p_team, NULL);
    EXIT WHEN v_user IS NULL;
    UPDATE conversations SET assignee_id = v_user, updated_at = now() WHERE id = v_conversation.id;
    PERFORM pg_notify('acp_conversations', json_build_object('chatbot_id', v_conversation.chatbot_id::text,
              'conversation_id', v_conversation.id::text, 'kind', 'status', 'status', 'waiting')::text);
    v_count := v_count + 1;
  END LOOP;
  RETURN v_count;
END
$$;

-- A slot frees when an assigned conversation stops being open (resolved, handed back to the bot) or
-- changes hands: the queue is drained in the same transaction.
CREATE OR REPLACE FUNCTION "routing_slot_freed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM routing_drain((SELECT team_id FROM chatbots WHERE id = NEW.chatbot_id));
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "conversations_routing_slot_freed"
AFTER UPDATE OF status, assignee_id ON conversations
FOR EACH ROW WHEN (OLD.assignee_id IS NOT NULL AND OLD.status IN ('waiting', 'human')
                   AND (NEW.status NOT IN ('waiting', 'human') OR NEW.assignee_id IS DISTINCT FROM OLD.assignee_id))
EXECUTE FUNCTION routing_slot_freed();
