-- Analytics (docs/analytics.md): per-conversation message counters, kept exact
-- by statement-level triggers on "messages" in the same transaction as every
-- insert, update or delete, so late messages are counted the moment they
-- commit. Analytics then reads one row per conversation instead of joining
-- every message of the period.

-- AlterTable
ALTER TABLE "conversations" ADD COLUMN "message_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "question_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "answered_count" INTEGER NOT NULL DEFAULT 0;

-- Backfill from the messages already stored.
UPDATE "conversations" c
   SET "message_count" = m.messages, "question_count" = m.questions, "answered_count" = m.answered
  FROM (SELECT "conversation_id",
               count(*)::int AS messages,
               count(*) FILTER (WHERE "role" = 'assistant' AND "answered" IS NOT NULL)::int AS questions,
               count(*) FILTER (WHERE "role" = 'assistant' AND "answered")::int AS answered
          FROM "messages" GROUP BY "conversation_id") m
 WHERE c."id" = m."conversation_id";

-- Each statement on "messages" adds its rows' signed counts to their
-- conversations. A question is an assistant reply with "answered" set (true
-- or false). The conversations are locked in id order, so concurrent
-- multi-conversation statements cannot deadlock, and with FOR NO KEY UPDATE
-- (what an update of non-key columns takes anyway), which does not wait for
-- the FOR KEY SHARE locks that the messages' foreign key checks of other
-- transactions hold on the same conversations.
CREATE FUNCTION "analytics_messages_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_ids UUID[];
  v_messages INT[];
  v_questions INT[];
  v_answered INT[];
BEGIN
  -- PL/pgSQL plans a statement when it first runs it, so each branch may name
  -- only the transition tables its operation has.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(k ORDER BY k), array_agg(m ORDER BY k), array_agg(q ORDER BY k), array_agg(a ORDER BY k)
      INTO v_ids, v_messages, v_questions, v_answered
      FROM (SELECT "conversation_id" AS k, count(*)::int AS m,
                   count(*) FILTER (WHERE "role" = 'assistant' AND "answered" IS NOT NULL)::int AS q,
                   count(*) FILTER (WHERE "role" = 'assistant' AND "answered")::int AS a
              FROM new_rows GROUP BY "conversation_id") d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(k ORDER BY k), array_agg(-m ORDER BY k), array_agg(-q ORDER BY k), array_agg(-a ORDER BY k)
      INTO v_ids, v_messages, v_questions, v_answered
      FROM (SELECT "conversation_id" AS k, count(*)::int AS m,
                   count(*) FILTER (WHERE "role" = 'assistant' AND "answered" IS NOT NULL)::int AS q,
                   count(*) FILTER (WHERE "role" = 'assistant' AND "answered")::int AS a
              FROM old_rows GROUP BY "conversation_id") d;
  ELSE
    SELECT array_agg(k ORDER BY k), array_agg(m ORDER BY k), array_agg(q ORDER BY k), array_agg(a ORDER BY k)
      INTO v_ids, v_messages, v_questions, v_answered
      FROM (SELECT "conversation_id" AS k, sum(s)::int AS m,
                   coalesce(sum(s) FILTER (WHERE "role" = 'assistant' AND "answered" IS NOT NULL), 0)::int AS q,
                   coalesce(sum(s) FILTER (WHERE "role" = 'assistant' AND "answered"), 0)::int AS a
              FROM (SELECT "conversation_id", 1 AS s, "role", "answered" FROM new_rows
                    UNION ALL
                    SELECT "conversation_id", -1 AS s, "role", "answered" FROM old_rows) r
             GROUP BY "conversation_id") d
     WHERE m <> 0 OR q <> 0 OR a <> 0;
  END IF;
  IF v_ids IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM "conversations" WHERE "id" = ANY(v_ids) ORDER BY "id" FOR NO KEY UPDATE;
  UPDATE "conversations" c
     SET "message_count" = c."message_count" + d.m,
         "question_count" = c."question_count" + d.q,
         "answered_count" = c."answered_count" + d.a
    FROM unnest(v_ids, v_messages, v_questions, v_answered) AS d(k, m, q, a)
   WHERE c."id" = d.k;
  RETURN NULL;
END
$$;

CREATE TRIGGER "messages_analytics_insert" AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_messages_changed"();
CREATE TRIGGER "messages_analytics_update" AFTER UPDATE ON "messages"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_messages_changed"();
CREATE TRIGGER "messages_analytics_delete" AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_messages_changed"();
