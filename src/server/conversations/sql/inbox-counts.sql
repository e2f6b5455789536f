-- Current state (docs/architecture.md, "Data access"): re-applied by the
-- migration runner after every migration, so this file is the one place where
-- these definitions are read and changed. Tables stay in prisma/migrations.

-- Adds a delta to one chatbot's counts (skipped when the chatbot is gone: its
-- hard delete cascades to its conversations after the chatbot row went).
CREATE OR REPLACE FUNCTION "inbox_bump"(p_chatbot UUID, p_total INT, p_open INT, p_unread INT)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "chatbot_inbox_counts" SET "total" = "total" + p_total, "open" = "open" + p_open, "unread" = "unread" + p_unread
   WHERE "id" = (SELECT "id" FROM "chatbot_inbox_counts" WHERE "chatbot_id" = p_chatbot LIMIT 1 FOR UPDATE SKIP LOCKED);
  IF NOT FOUND THEN
    INSERT INTO "chatbot_inbox_counts" ("chatbot_id", "total", "open", "unread")
    SELECT p_chatbot, p_total, p_open, p_unread WHERE EXISTS (SELECT 1 FROM "chatbots" WHERE "id" = p_chatbot);
  END IF;
END
$$;

-- Row-level, like the conversation rollups: the answer path writes one
-- conversation per statement, and the update trigger's WHEN clause drops
-- every update that changes none of chatbot, archived, unread (most do).
CREATE OR REPLACE FUNCTION "inbox_conversation_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_old_open INT := 0; v_old_unread INT := 0;
  v_new_open INT := 0; v_new_unread INT := 0;
BEGIN
  -- A bulk import recounts at the end instead (inbox_rebuild).
  IF current_setting('app.bulk_import', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    v_old_open := (NOT OLD."archived")::int;
    v_old_unread := (NOT OLD."archived" AND OLD."unread")::int;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    v_new_open := (NOT NEW."archived")::int;
    v_new_unread := (NOT NEW."archived" AND NEW."unread")::int;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW."chatbot_id" = OLD."chatbot_id" THEN
    IF v_new_open <> v_old_open OR v_new_unread <> v_old_unread THEN
      PERFORM "inbox_bump"(NEW."chatbot_id", 0, v_new_open - v_old_open, v_new_unread - v_old_unread);
    END IF;
    RETURN NULL;
  END IF;
  -- Otherwise the old row leaves its chatbot and the new row joins its own.
  IF TG_OP <> 'INSERT' THEN
    -- A chatbot's hard delete cascades here once per conversation; its counts go with it (cascade).
    IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM "chatbots" WHERE "id" = OLD."chatbot_id") THEN
      RETURN NULL;
    END IF;
    PERFORM "inbox_bump"(OLD."chatbot_id", -1, -v_old_open, -v_old_unread);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "inbox_bump"(NEW."chatbot_id", 1, v_new_open, v_new_unread);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "conversations_inbox_insert_delete" AFTER INSERT OR DELETE ON "conversations"
  FOR EACH ROW EXECUTE FUNCTION "inbox_conversation_changed"();

CREATE OR REPLACE TRIGGER "conversations_inbox_update" AFTER UPDATE ON "conversations"
  FOR EACH ROW
  WHEN ((OLD."chatbot_id", OLD."archived", OLD."unread") IS DISTINCT FROM (NEW."chatbot_id", NEW."archived", NEW."unread"))
  EXECUTE FUNCTION "inbox_conversation_changed"();

-- A bulk import (`SET LOCAL app.bulk_import = on`: the triggers above do
-- nothing in its transaction) recounts each chatbot it wrote before it
-- commits, set-wise (docs/analytics.md, "Bulk imports").
CREATE OR REPLACE FUNCTION "inbox_rebuild"(p_chatbot UUID) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "chatbot_inbox_counts" WHERE "chatbot_id" = p_chatbot;
  INSERT INTO "chatbot_inbox_counts" ("chatbot_id", "total", "open", "unread", "contacts")
  SELECT p_chatbot, count(*), count(*) FILTER (WHERE NOT "archived"), count(*) FILTER (WHERE NOT "archived" AND "unread"),
         (SELECT count(*) FROM "contacts" WHERE "chatbot_id" = p_chatbot)
    FROM "conversations" WHERE "chatbot_id" = p_chatbot;
END
$$;

-- Contacts per chatbot (the contacts list's total): statement-level with
-- transition tables, one bump per chatbot a statement touched, by the same
-- no-hot-row rule as inbox_bump.
CREATE OR REPLACE FUNCTION "inbox_bump_contacts"(p_chatbot UUID, p_contacts INT)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "chatbot_inbox_counts" SET "contacts" = "contacts" + p_contacts
   WHERE "id" = (SELECT "id" FROM "chatbot_inbox_counts" WHERE "chatbot_id" = p_chatbot LIMIT 1 FOR UPDATE SKIP LOCKED);
  IF NOT FOUND THEN
    INSERT INTO "chatbot_inbox_counts" ("chatbot_id", "contacts")
    SELECT p_chatbot, p_contacts WHERE EXISTS (SELECT 1 FROM "chatbots" WHERE "id" = p_chatbot);
  END IF;
END
$$;

CREATE OR REPLACE FUNCTION "inbox_contacts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('app.bulk_import', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM "inbox_bump_contacts"(k, n) FROM (SELECT "chatbot_id" AS k, count(*)::int AS n FROM new_rows GROUP BY 1 ORDER BY 1) d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "inbox_bump_contacts"(k, -n) FROM (SELECT "chatbot_id" AS k, count(*)::int AS n FROM old_rows GROUP BY 1 ORDER BY 1) d
      WHERE EXISTS (SELECT 1 FROM "chatbots" WHERE "id" = k);
  ELSE
    PERFORM "inbox_bump_contacts"(k, n)
       FROM (SELECT k, sum(s)::int AS n FROM (SELECT "chatbot_id" AS k, 1 AS s FROM new_rows UNION ALL SELECT "chatbot_id", -1 FROM old_rows) r
              GROUP BY 1 ORDER BY 1) d
      WHERE n <> 0;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "contacts_inbox_insert" AFTER INSERT ON "contacts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "inbox_contacts_changed"();

CREATE OR REPLACE TRIGGER "contacts_inbox_update" AFTER UPDATE ON "contacts"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "inbox_contacts_changed"();

CREATE OR REPLACE TRIGGER "contacts_inbox_delete" AFTER DELETE ON "contacts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "inbox_contacts_changed"();
