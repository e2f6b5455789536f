-- Daily analytics rollups (docs/analytics.md, "Performance"): what is
-- additive per chatbot and UTC day, kept exact by statement-level triggers in
-- the same transaction as every write of the rows it summarises, so analytics
-- reads a few hundred rollup rows instead of every conversation, widget event
-- and rating of the period.
--
--   analytics_days        per (chatbot, day): conversations started that day
--                         (with their sentiment and message counters) and
--                         ratings given that day.
--   analytics_day_values  per (chatbot, day, kind, value): conversations per
--                         category ('category', by the conversation's start
--                         day) and widget events per value ('event').
--
-- No row is a hot row: a (chatbot, day[, kind, value]) may have several rows
-- and its figure is their sum. A write adds its delta to the first row of its
-- key that no other transaction has locked (FOR UPDATE SKIP LOCKED) and
-- inserts a new row when all are locked, so concurrent answers of one chatbot
-- never queue (nor deadlock) on a rollup row; a key gets at most as many rows
-- as writers ever ran on it at once. Single rows may go negative; sums cannot.

CREATE TABLE "analytics_days" (
    "id" BIGSERIAL NOT NULL,
    "chatbot_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "conversations" INTEGER NOT NULL DEFAULT 0,
    "classified" INTEGER NOT NULL DEFAULT 0,
    "negative" INTEGER NOT NULL DEFAULT 0,
    "messages" INTEGER NOT NULL DEFAULT 0,
    "questions" INTEGER NOT NULL DEFAULT 0,
    "answered" INTEGER NOT NULL DEFAULT 0,
    "positive_feedback" INTEGER NOT NULL DEFAULT 0,
    "negative_feedback" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "analytics_days_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "analytics_day_values" (
    "id" BIGSERIAL NOT NULL,
    "chatbot_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "value" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "analytics_day_values_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "analytics_days_chatbot_id_day_idx" ON "analytics_days"("chatbot_id", "day");
CREATE INDEX "analytics_day_values_chatbot_id_kind_day_value_idx" ON "analytics_day_values"("chatbot_id", "kind", "day", "value");

ALTER TABLE "analytics_days" ADD CONSTRAINT "analytics_days_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "analytics_day_values" ADD CONSTRAINT "analytics_day_values_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Adds a delta to one (chatbot, day). The insert is skipped when the chatbot
-- is gone: a chatbot's hard delete cascades to its conversations, whose
-- trigger then runs after the chatbot row (and maybe its rollups) went.
CREATE FUNCTION "analytics_add_day"(p_chatbot UUID, p_day DATE, p_conversations INT, p_classified INT, p_negative INT,
                                    p_messages INT, p_questions INT, p_answered INT, p_positive INT, p_negative_feedback INT)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_id BIGINT;
BEGIN
  SELECT "id" INTO v_id FROM "analytics_days" WHERE "chatbot_id" = p_chatbot AND "day" = p_day LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF FOUND THEN
    UPDATE "analytics_days"
       SET "conversations" = "conversations" + p_conversations, "classified" = "classified" + p_classified,
           "negative" = "negative" + p_negative, "messages" = "messages" + p_messages,
           "questions" = "questions" + p_questions, "answered" = "answered" + p_answered,
           "positive_feedback" = "positive_feedback" + p_positive, "negative_feedback" = "negative_feedback" + p_negative_feedback
     WHERE "id" = v_id;
  ELSE
    INSERT INTO "analytics_days" ("chatbot_id", "day", "conversations", "classified", "negative", "messages", "questions", "answered", "positive_feedback", "negative_feedback")
    SELECT p_chatbot, p_day, p_conversations, p_classified, p_negative, p_messages, p_questions, p_answered, p_positive, p_negative_feedback
     WHERE EXISTS (SELECT 1 FROM "chatbots" WHERE "id" = p_chatbot);
  END IF;
END
$$;

CREATE FUNCTION "analytics_add_value"(p_chatbot UUID, p_kind TEXT, p_day DATE, p_value TEXT, p_count INT)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_id BIGINT;
BEGIN
  SELECT "id" INTO v_id FROM "analytics_day_values"
   WHERE "chatbot_id" = p_chatbot AND "kind" = p_kind AND "day" = p_day AND "value" = p_value
   LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF FOUND THEN
    UPDATE "analytics_day_values" SET "count" = "count" + p_count WHERE "id" = v_id;
  ELSE
    INSERT INTO "analytics_day_values" ("chatbot_id", "kind", "day", "value", "count")
    SELECT p_chatbot, p_kind, p_day, p_value, p_count WHERE EXISTS (SELECT 1 FROM "chatbots" WHERE "id" = p_chatbot);
  END IF;
END
$$;

-- Conversations: the rows a statement added count +1, the rows it removed
-- -1 (an update is both), by the day each conversation started. Updates that
-- change nothing summarised (read flags, last_message_at, …) add nothing and
-- touch no rollup. The message counters reach here through the trigger of
-- 20261121120000_analytics, which updates the conversation rows.
CREATE FUNCTION "analytics_apply_conversations"(p_new "conversations"[], p_old "conversations"[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
BEGIN
  FOR r IN
    SELECT "chatbot_id", day, sum(s)::int AS conversations, sum(s) FILTER (WHERE "sentiment" IS NOT NULL)::int AS classified,
           sum(s) FILTER (WHERE "sentiment" = 'negative')::int AS negative, sum(s * "message_count")::int AS messages,
           sum(s * "question_count")::int AS questions, sum(s * "answered_count")::int AS answered
      FROM (SELECT n."chatbot_id", (n."created_at" AT TIME ZONE 'UTC')::date AS day, 1 AS s, n."sentiment", n."message_count", n."question_count", n."answered_count"
              FROM unnest(p_new) n
            UNION ALL
            SELECT o."chatbot_id", (o."created_at" AT TIME ZONE 'UTC')::date, -1, o."sentiment", o."message_count", o."question_count", o."answered_count"
              FROM unnest(p_old) o) d
     GROUP BY 1, 2
    HAVING sum(s) <> 0 OR coalesce(sum(s) FILTER (WHERE "sentiment" IS NOT NULL), 0) <> 0
        OR coalesce(sum(s) FILTER (WHERE "sentiment" = 'negative'), 0) <> 0 OR sum(s * "message_count") <> 0
        OR sum(s * "question_count") <> 0 OR sum(s * "answered_count") <> 0
     ORDER BY 1, 2
  LOOP
    PERFORM "analytics_add_day"(r."chatbot_id", r.day, r.conversations, coalesce(r.classified, 0), coalesce(r.negative, 0),
                                r.messages, r.questions, r.answered, 0, 0);
  END LOOP;
  FOR r IN
    SELECT "chatbot_id", day, "category", sum(s)::int AS n
      FROM (SELECT n."chatbot_id", (n."created_at" AT TIME ZONE 'UTC')::date AS day, n."category", 1 AS s FROM unnest(p_new) n
            UNION ALL
            SELECT o."chatbot_id", (o."created_at" AT TIME ZONE 'UTC')::date, o."category", -1 FROM unnest(p_old) o) d
     WHERE "category" IS NOT NULL AND "category" <> ''
     GROUP BY 1, 2, 3 HAVING sum(s) <> 0
     ORDER BY 1, 2, 3
  LOOP
    PERFORM "analytics_add_value"(r."chatbot_id", 'category', r.day, r."category", r.n);
  END LOOP;
END
$$;

CREATE FUNCTION "analytics_apply_widget_events"(p_new "widget_events"[], p_old "widget_events"[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
BEGIN
  FOR r IN
    SELECT "chatbot_id", day, "value", sum(s)::int AS n
      FROM (SELECT n."chatbot_id", (n."created_at" AT TIME ZONE 'UTC')::date AS day, n."value", 1 AS s FROM unnest(p_new) n
            UNION ALL
            SELECT o."chatbot_id", (o."created_at" AT TIME ZONE 'UTC')::date, o."value", -1 FROM unnest(p_old) o) d
     WHERE "value" <> ''
     GROUP BY 1, 2, 3 HAVING sum(s) <> 0
     ORDER BY 1, 2, 3
  LOOP
    PERFORM "analytics_add_value"(r."chatbot_id", 'event', r.day, r."value", r.n);
  END LOOP;
END
$$;

CREATE FUNCTION "analytics_apply_feedback"(p_new "feedback"[], p_old "feedback"[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
BEGIN
  FOR r IN
    SELECT "chatbot_id", day, coalesce(sum(s) FILTER (WHERE "rating" = 'positive'), 0)::int AS positive,
           coalesce(sum(s) FILTER (WHERE "rating" = 'negative'), 0)::int AS negative
      FROM (SELECT n."chatbot_id", (n."created_at" AT TIME ZONE 'UTC')::date AS day, n."rating", 1 AS s FROM unnest(p_new) n
            UNION ALL
            SELECT o."chatbot_id", (o."created_at" AT TIME ZONE 'UTC')::date, o."rating", -1 FROM unnest(p_old) o) d
     GROUP BY 1, 2
    HAVING coalesce(sum(s) FILTER (WHERE "rating" = 'positive'), 0) <> 0 OR coalesce(sum(s) FILTER (WHERE "rating" = 'negative'), 0) <> 0
     ORDER BY 1, 2
  LOOP
    PERFORM "analytics_add_day"(r."chatbot_id", r.day, 0, 0, 0, 0, 0, 0, r.positive, r.negative);
  END LOOP;
END
$$;

-- One trigger function per table; PL/pgSQL plans a statement when it first
-- runs it, so each branch names only the transition tables its operation has.
CREATE FUNCTION "analytics_conversations_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "analytics_apply_conversations"(ARRAY(SELECT n::"conversations" FROM new_rows n), '{}');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "analytics_apply_conversations"('{}', ARRAY(SELECT o::"conversations" FROM old_rows o));
  ELSE
    PERFORM "analytics_apply_conversations"(ARRAY(SELECT n::"conversations" FROM new_rows n), ARRAY(SELECT o::"conversations" FROM old_rows o));
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION "analytics_widget_events_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "analytics_apply_widget_events"(ARRAY(SELECT n::"widget_events" FROM new_rows n), '{}');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "analytics_apply_widget_events"('{}', ARRAY(SELECT o::"widget_events" FROM old_rows o));
  ELSE
    PERFORM "analytics_apply_widget_events"(ARRAY(SELECT n::"widget_events" FROM new_rows n), ARRAY(SELECT o::"widget_events" FROM old_rows o));
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION "analytics_feedback_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "analytics_apply_feedback"(ARRAY(SELECT n::"feedback" FROM new_rows n), '{}');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "analytics_apply_feedback"('{}', ARRAY(SELECT o::"feedback" FROM old_rows o));
  ELSE
    PERFORM "analytics_apply_feedback"(ARRAY(SELECT n::"feedback" FROM new_rows n), ARRAY(SELECT o::"feedback" FROM old_rows o));
  END IF;
  RETURN NULL;
END
$$;

-- The triggers first (their locks hold writers back until this migration
-- commits), then the backfill of what is already stored.
CREATE TRIGGER "conversations_analytics_insert" AFTER INSERT ON "conversations"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_conversations_changed"();
CREATE TRIGGER "conversations_analytics_update" AFTER UPDATE ON "conversations"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_conversations_changed"();
CREATE TRIGGER "conversations_analytics_delete" AFTER DELETE ON "conversations"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_conversations_changed"();
CREATE TRIGGER "widget_events_analytics_insert" AFTER INSERT ON "widget_events"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_widget_events_changed"();
CREATE TRIGGER "widget_events_analytics_update" AFTER UPDATE ON "widget_events"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_widget_events_changed"();
CREATE TRIGGER "widget_events_analytics_delete" AFTER DELETE ON "widget_events"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_widget_events_changed"();
CREATE TRIGGER "feedback_analytics_insert" AFTER INSERT ON "feedback"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_feedback_changed"();
CREATE TRIGGER "feedback_analytics_update" AFTER UPDATE ON "feedback"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_feedback_changed"();
CREATE TRIGGER "feedback_analytics_delete" AFTER DELETE ON "feedback"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_feedback_changed"();

INSERT INTO "analytics_days" ("chatbot_id", "day", "conversations", "classified", "negative", "messages", "questions", "answered", "positive_feedback", "negative_feedback")
SELECT "chatbot_id", day, sum(conversations), sum(classified), sum(negative), sum(messages), sum(questions), sum(answered), sum(positive), sum(negative_feedback)
  FROM (SELECT "chatbot_id", ("created_at" AT TIME ZONE 'UTC')::date AS day, count(*) AS conversations, count("sentiment") AS classified,
               count(*) FILTER (WHERE "sentiment" = 'negative') AS negative, sum("message_count") AS messages,
               sum("question_count") AS questions, sum("answered_count") AS answered, 0 AS positive, 0 AS negative_feedback
          FROM "conversations" GROUP BY 1, 2
        UNION ALL
        SELECT "chatbot_id", ("created_at" AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0,
               count(*) FILTER (WHERE "rating" = 'positive'), count(*) FILTER (WHERE "rating" = 'negative')
          FROM "feedback" GROUP BY 1, 2) d
 GROUP BY 1, 2;

INSERT INTO "analytics_day_values" ("chatbot_id", "kind", "day", "value", "count")
SELECT "chatbot_id", 'category', ("created_at" AT TIME ZONE 'UTC')::date, "category", count(*)
  FROM "conversations" WHERE "category" IS NOT NULL AND "category" <> '' GROUP BY 1, 3, 4
UNION ALL
SELECT "chatbot_id", 'event', ("created_at" AT TIME ZONE 'UTC')::date, "value", count(*)
  FROM "widget_events" WHERE "value" <> '' GROUP BY 1, 3, 4;
