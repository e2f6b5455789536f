-- A chatbot's inbox counts, kept exact by a row trigger on conversations in
-- the same transaction as every write: the chatbot list (`open_count`,
-- `unread_count` of `GET /v1/me/chatbots` and the dashboard's sidebar) and the
-- conversations list's `total` read a few rows per chatbot instead of
-- counting every conversation a chatbot ever had (a chatbot with 16,000
-- conversations cost the chatbot list 3.5 ms of PostgreSQL per request,
-- growing with every conversation).
--
-- total  = conversations
-- open   = conversations not archived
-- unread = conversations not archived and unread
--
-- The same no-hot-row rule as the analytics rollups
-- (20261123220000_analytics_rollups): a chatbot may have several rows and its
-- counts are their sums; a write adds its delta to a row of the chatbot no
-- other transaction has locked, or inserts a new one, so concurrent answers
-- of one chatbot never queue on a counter row. Single rows may go negative;
-- sums cannot.

CREATE TABLE "chatbot_inbox_counts" (
    "id" BIGSERIAL NOT NULL,
    "chatbot_id" UUID NOT NULL,
    "total" INTEGER NOT NULL DEFAULT 0,
    "open" INTEGER NOT NULL DEFAULT 0,
    "unread" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "chatbot_inbox_counts_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "chatbot_inbox_counts_chatbot_id_idx" ON "chatbot_inbox_counts"("chatbot_id");

ALTER TABLE "chatbot_inbox_counts" ADD CONSTRAINT "chatbot_inbox_counts_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Adds a delta to one chatbot's counts (skipped when the chatbot is gone: its
-- hard delete cascades to its conversations after the chatbot row went).
CREATE FUNCTION "inbox_bump"(p_chatbot UUID, p_total INT, p_open INT, p_unread INT)
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
CREATE FUNCTION "inbox_conversation_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_old_open INT := 0; v_old_unread INT := 0;
  v_new_open INT := 0; v_new_unread INT := 0;
BEGIN
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

-- The triggers first (their locks hold writers back until this migration
-- commits), then the backfill of what is already stored.
CREATE TRIGGER "conversations_inbox_insert_delete" AFTER INSERT OR DELETE ON "conversations"
  FOR EACH ROW EXECUTE FUNCTION "inbox_conversation_changed"();
CREATE TRIGGER "conversations_inbox_update" AFTER UPDATE ON "conversations"
  FOR EACH ROW
  WHEN ((OLD."chatbot_id", OLD."archived", OLD."unread") IS DISTINCT FROM (NEW."chatbot_id", NEW."archived", NEW."unread"))
  EXECUTE FUNCTION "inbox_conversation_changed"();

INSERT INTO "chatbot_inbox_counts" ("chatbot_id", "total", "open", "unread")
SELECT "chatbot_id", count(*), count(*) FILTER (WHERE NOT "archived"), count(*) FILTER (WHERE NOT "archived" AND "unread")
  FROM "conversations" GROUP BY "chatbot_id";
