-- Current state (docs/architecture.md, "Data access"): re-applied after every migration.
-- The reply SLA's clock (docs/decisions/121-the-inbox-for-a-support-team.md): `conversations.awaiting_since`
-- is when the visitor began to wait for a person's answer. It starts when the conversation starts waiting
-- or when the visitor writes to a person (waiting or human) and nobody's answer is due yet; a person's reply
-- or the conversation going back to the bot or being resolved stops it and clears the reminders' stamps,
-- so the next wait is reminded of again. Kept here, beside every writer of messages and statuses, so no
-- writer has to remember it.

CREATE OR REPLACE FUNCTION "reply_sla_status_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" = 'waiting' AND OLD."status" <> 'waiting' THEN
    NEW."awaiting_since" := coalesce(NEW."awaiting_since", now());
  ELSIF NEW."status" IN ('bot', 'resolved') THEN
    NEW."awaiting_since" := NULL;
    NEW."sla_assignee_mailed_at" := NULL;
    NEW."sla_admins_mailed_at" := NULL;
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER "conversations_reply_sla" BEFORE UPDATE OF "status" ON "conversations"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "reply_sla_status_changed"();

-- A row trigger, so it updates (locks) the conversations of a statement in the order of its rows. The answer
-- path and the inbox write one conversation's messages a statement; a statement with messages of several
-- conversations (a batch) takes all their rows in id order first, at its first visitor's or agent's message
-- (the rows fire in the order of the transition table), the order in which the analytics' counters trigger
-- takes them (src/server/analytics/sql/rollups.sql), so two such statements, or one and the counters, never
-- lock them in opposite orders and deadlock. A bulk import (`app.bulk_import`: one writer) skips it. A turn
-- pays one query over its own two rows.
CREATE OR REPLACE FUNCTION "reply_sla_message_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows WHERE "conversation_id" <> NEW."conversation_id")
     AND NEW."id" = (SELECT "id" FROM new_rows WHERE "role" IN ('user', 'agent') LIMIT 1)
     AND current_setting('app.bulk_import', true) IS DISTINCT FROM 'on' THEN
    PERFORM 1 FROM "conversations" WHERE "id" IN (SELECT "conversation_id" FROM new_rows) ORDER BY "id" FOR NO KEY UPDATE;
  END IF;
  IF NEW."role" = 'agent' THEN
    UPDATE "conversations" SET "awaiting_since" = NULL, "sla_assignee_mailed_at" = NULL, "sla_admins_mailed_at" = NULL
     WHERE "id" = NEW."conversation_id" AND "awaiting_since" IS NOT NULL;
  ELSE
    UPDATE "conversations" SET "awaiting_since" = NEW."created_at"
     WHERE "id" = NEW."conversation_id" AND "awaiting_since" IS NULL AND "status" IN ('waiting', 'human');
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "messages_reply_sla" AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS new_rows FOR EACH ROW WHEN (NEW."role" IN ('user', 'agent')) EXECUTE FUNCTION "reply_sla_message_added"();
