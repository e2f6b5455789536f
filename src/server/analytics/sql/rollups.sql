-- Current state (docs/architecture.md, "Data access"): re-applied by the
-- migration runner after every migration, so this file is the one place where
-- these definitions are read and changed. Tables stay in prisma/migrations.

-- An erasure or a retention purge (docs/decisions/124-retention-and-a-persons-data.md) deletes with
-- `SET LOCAL app.analytics_kept = on`: this file's triggers do nothing in its transaction (the deletes,
-- and the links' clicks their foreign keys set to null), so the rollups keep counting what was deleted
-- and analytics stay what they were; unlike a bulk import, nothing is rebuilt after it.

-- Which conversations analytics count: all but the playground's (the team's own tests). Every trigger and
-- rebuild below that counts conversations, their messages' questions or their visitors asks this one
-- function (a conversation's source is set when it starts and never changes).
CREATE OR REPLACE FUNCTION "analytics_counted"(p_source TEXT) RETURNS BOOLEAN LANGUAGE sql IMMUTABLE AS $$
  SELECT p_source <> 'playground'
$$;

-- The messages' counters on their conversation (message, question,
-- answered and agent message counts), kept by statement-level triggers in the writer's
-- transaction. A statement whose messages all belong to one conversation
-- (every recorded turn) updates that conversation directly: the UPDATE locks
-- the row itself, and with a single row there is no order to keep, so the
-- separate ordered lock (which keeps multi-conversation statements from
-- deadlocking each other) is taken only for two or more conversations
-- (0.24 → 0.16 ms per recorded turn: docs/performance.md). Every trigger that
-- locks several conversations of one statement takes them in id order (an
-- insert's reply SLA row trigger included, which runs before this one:
-- src/server/conversations/sql/reply-sla.sql).
-- An insert also keeps the period's questions (analytics_questions, below): the usual recorded turn here,
-- from the same pass over its rows (analytics_turn_questions), any other insert by the recount.
CREATE OR REPLACE FUNCTION "analytics_messages_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_ids UUID[];
  v_messages INT[];
  v_questions INT[];
  v_answered INT[];
  v_agent INT[];
  v_new UUID[];
  v_texts TEXT[]; v_first TIMESTAMPTZ; v_last_question TIMESTAMPTZ; v_first_reply TIMESTAMPTZ; v_first_answered BOOLEAN;
  v_chatbot UUID; v_day DATE; v_counted BOOLEAN; v_replies BIGINT;
BEGIN
  IF current_setting('app.bulk_import', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF current_setting('app.analytics_kept', true) = 'on' THEN
    -- The counters keep what was there; the questions (the visitors' words) follow the rows.
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT "conversation_id"), array_agg("id") INTO v_ids, v_new FROM new_rows;
      PERFORM "analytics_questions_recount"(v_ids, v_new, '{}', '{}', '{}', '{}', '{}', '{}');
    END IF;
    RETURN NULL;
  END IF;
  -- PL/pgSQL plans a statement when it first runs it, so each branch may name
  -- only the transition tables its operation has.
  IF TG_OP = 'INSERT' THEN
    -- With one conversation, also its new rows' ids, its new questions' texts, when the new rows
    -- start, the last question and the reply among them, how many replies, and whether the reply answered
    -- when there is one (min and bool_and of the one conversation's values; no ordered aggregate).
    SELECT array_agg(k ORDER BY k), array_agg(m ORDER BY k), array_agg(q ORDER BY k), array_agg(a ORDER BY k), array_agg(g ORDER BY k),
           min(ids), min(texts), min(first_at), min(last_q), min(first_a), min(replies), bool_and(first_answered)
      INTO v_ids, v_messages, v_questions, v_answered, v_agent, v_new, v_texts, v_first, v_last_question, v_first_reply, v_replies, v_first_answered
      FROM (SELECT "conversation_id" AS k, count(*)::int AS m,
                   count(*) FILTER (WHERE "role" = 'assistant' AND "answered" IS NOT NULL)::int AS q,
                   count(*) FILTER (WHERE "role" = 'assistant' AND "answered")::int AS a,
                   count(*) FILTER (WHERE "role" = 'agent')::int AS g,
                   array_agg("id") AS ids,
                   array_agg("content") FILTER (WHERE "role" = 'user') AS texts,
                   min("created_at") AS first_at,
                   max("created_at") FILTER (WHERE "role" = 'user') AS last_q,
                   min("created_at") FILTER (WHERE "role" = 'assistant') AS first_a,
                   count(*) FILTER (WHERE "role" = 'assistant') AS replies,
                   bool_and("answered") FILTER (WHERE "role" = 'assistant') AS first_answered
              FROM new_rows GROUP BY "conversation_id") d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(k ORDER BY k), array_agg(-m ORDER BY k), array_agg(-q ORDER BY k), array_agg(-a ORDER BY k), array_agg(-g ORDER BY k)
      INTO v_ids, v_messages, v_questions, v_answered, v_agent
      FROM (SELECT "conversation_id" AS k, count(*)::int AS m,
                   count(*) FILTER (WHERE "role" = 'assistant' AND "answered" IS NOT NULL)::int AS q,
                   count(*) FILTER (WHERE "role" = 'assistant' AND "answered")::int AS a,
                   count(*) FILTER (WHERE "role" = 'agent')::int AS g
              FROM old_rows GROUP BY "conversation_id") d;
  ELSE
    SELECT array_agg(k ORDER BY k), array_agg(m ORDER BY k), array_agg(q ORDER BY k), array_agg(a ORDER BY k), array_agg(g ORDER BY k)
      INTO v_ids, v_messages, v_questions, v_answered, v_agent
      FROM (SELECT "conversation_id" AS k, sum(s)::int AS m,
                   coalesce(sum(s) FILTER (WHERE "role" = 'assistant' AND "answered" IS NOT NULL), 0)::int AS q,
                   coalesce(sum(s) FILTER (WHERE "role" = 'assistant' AND "answered"), 0)::int AS a,
                   coalesce(sum(s) FILTER (WHERE "role" = 'agent'), 0)::int AS g
              FROM (SELECT "conversation_id", 1 AS s, "role", "answered" FROM new_rows
                    UNION ALL
                    SELECT "conversation_id", -1 AS s, "role", "answered" FROM old_rows) r
             GROUP BY "conversation_id") d
     WHERE m <> 0 OR q <> 0 OR a <> 0 OR g <> 0;
  END IF;
  IF v_ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF cardinality(v_ids) = 1 THEN
    UPDATE "conversations" c
       SET "message_count" = c."message_count" + v_messages[1],
           "question_count" = c."question_count" + v_questions[1],
           "answered_count" = c."answered_count" + v_answered[1],
           "agent_count" = c."agent_count" + v_agent[1]
     WHERE c."id" = v_ids[1]
    RETURNING c."chatbot_id", (c."created_at" AT TIME ZONE 'UTC')::date, "analytics_counted"(c."source") INTO v_chatbot, v_day, v_counted;
    -- At most one new reply, every new question before it: the turn's shape.
    IF TG_OP = 'INSERT' AND v_replies <= 1 AND (v_first_reply IS NULL OR v_last_question IS NULL OR v_last_question <= v_first_reply) THEN
      IF v_counted IS NOT TRUE THEN
        RETURN NULL;
      END IF;
      IF "analytics_turn_questions"(v_ids[1], v_new, v_chatbot, v_day, v_first, v_texts, coalesce(v_first_answered, false)) THEN
        RETURN NULL;
      END IF;
    END IF;
    IF TG_OP = 'INSERT' THEN
      PERFORM "analytics_questions_recount"(v_ids, v_new, '{}', '{}', '{}', '{}', '{}', '{}');
    END IF;
    RETURN NULL;
  END IF;
  PERFORM 1 FROM "conversations" WHERE "id" = ANY(v_ids) ORDER BY "id" FOR NO KEY UPDATE;
  UPDATE "conversations" c
     SET "message_count" = c."message_count" + d.m,
         "question_count" = c."question_count" + d.q,
         "answered_count" = c."answered_count" + d.a,
         "agent_count" = c."agent_count" + d.g
    FROM unnest(v_ids, v_messages, v_questions, v_answered, v_agent) AS d(k, m, q, a, g)
   WHERE c."id" = d.k;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg("id") INTO v_new FROM new_rows; -- every conversation's (v_new above is one conversation's)
    PERFORM "analytics_questions_recount"(v_ids, v_new, '{}', '{}', '{}', '{}', '{}', '{}');
  END IF;
  RETURN NULL;
END
$$;

-- A chatbot's analytics version (docs/decisions/096-analytics-kept-while-unchanged.md):
-- every function below that changes a rollup the analytics statement reads
-- calls this in the writing transaction, and so do the triggers on the
-- chatbot's links and insights. Once per chatbot and transaction (the
-- transaction-local `app.analytics_touched` lists the chatbots done; a
-- rolled-back savepoint takes its entry with it), on any of the chatbot's
-- rows nobody else holds, else a new row: the rollups' no-hot-row rule.
CREATE OR REPLACE FUNCTION "analytics_touch"(p_chatbot UUID) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_done TEXT := coalesce(current_setting('app.analytics_touched', true), '');
BEGIN
  IF p_chatbot IS NULL OR strpos(v_done, p_chatbot::text) > 0 THEN RETURN; END IF;
  UPDATE "analytics_versions" SET "n" = "n" + 1
   WHERE "id" = (SELECT "id" FROM "analytics_versions" WHERE "chatbot_id" = p_chatbot LIMIT 1 FOR UPDATE SKIP LOCKED);
  IF NOT FOUND THEN
    INSERT INTO "analytics_versions" ("chatbot_id", "n") SELECT p_chatbot, 1 WHERE EXISTS (SELECT 1 FROM "chatbots" WHERE "id" = p_chatbot);
  END IF;
  -- A transaction touching thousands of chatbots stops listing them (each touch then bumps again: still exact).
  IF length(v_done) < 3700 THEN PERFORM set_config('app.analytics_touched', v_done || p_chatbot::text || ' ', true); END IF;
END
$$;

CREATE OR REPLACE FUNCTION "analytics_touch_all"(p_chatbot UUID[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "analytics_touch"(c) FROM (SELECT DISTINCT c FROM unnest(p_chatbot) c) d;
END
$$;

-- Adds deltas to (chatbot, day) keys, one statement for all the keys of a
-- write: each key's delta goes to a row of that key no other transaction
-- has locked, or to a new row. The insert is skipped when the chatbot is
-- gone: a chatbot's hard delete cascades to its conversations, whose
-- trigger then runs after the chatbot row (and maybe its rollups) went.
CREATE OR REPLACE FUNCTION "analytics_bump_days"(p_chatbot UUID[], p_day DATE[], p_conversations INT[], p_classified INT[], p_negative INT[],
                                      p_messages INT[], p_questions INT[], p_answered INT[], p_positive INT[], p_negative_feedback INT[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT * FROM unnest(p_chatbot, p_day, p_conversations, p_classified, p_negative, p_messages, p_questions, p_answered, p_positive, p_negative_feedback)
             AS d(chatbot_id, day, conversations, classified, negative, messages, questions, answered, positive, negative_feedback)
  ), updated AS (
    UPDATE "analytics_days" a
       SET "conversations" = a."conversations" + d.conversations, "classified" = a."classified" + d.classified,
           "negative" = a."negative" + d.negative, "messages" = a."messages" + d.messages,
           "questions" = a."questions" + d.questions, "answered" = a."answered" + d.answered,
           "positive_feedback" = a."positive_feedback" + d.positive, "negative_feedback" = a."negative_feedback" + d.negative_feedback
      FROM d
     WHERE a."id" = (SELECT x."id" FROM "analytics_days" x WHERE x."chatbot_id" = d.chatbot_id AND x."day" = d.day LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING a."chatbot_id", a."day"
  )
  INSERT INTO "analytics_days" ("chatbot_id", "day", "conversations", "classified", "negative", "messages", "questions", "answered", "positive_feedback", "negative_feedback")
  SELECT d.* FROM d
   WHERE NOT EXISTS (SELECT 1 FROM updated u WHERE u."chatbot_id" = d.chatbot_id AND u."day" = d.day)
     AND EXISTS (SELECT 1 FROM "chatbots" c WHERE c."id" = d.chatbot_id);
  PERFORM "analytics_touch_all"(p_chatbot);
END
$$;

-- The month and dekad sums of analytics_day_values (docs/decisions/089-analytics-distinct-spans.md):
-- each day's delta added to the month and the dekad holding the day, by the
-- same no-hot-row rule. Called by both value bumps below.
CREATE OR REPLACE FUNCTION "analytics_bump_value_spans"(p_kind TEXT, p_chatbot UUID[], p_day DATE[], p_value TEXT[], p_count INT[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT e.chatbot_id, g.grain, "analytics_span_start"(g.grain, e.day) AS start, e.value, sum(e.n)::int AS n
      FROM unnest(p_chatbot, p_day, p_value, p_count) AS e(chatbot_id, day, value, n)
     CROSS JOIN (VALUES ('month'), ('dekad')) g(grain)
     GROUP BY 1, 2, 3, 4
  ), updated AS (
    UPDATE "analytics_value_spans" a SET "count" = a."count" + d.n
      FROM d
     WHERE a."id" = (SELECT x."id" FROM "analytics_value_spans" x
                      WHERE x."chatbot_id" = d.chatbot_id AND x."kind" = p_kind AND x."grain" = d.grain AND x."start" = d.start AND x."value" = d.value
                      LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING a."chatbot_id", a."grain", a."start", a."value"
  )
  INSERT INTO "analytics_value_spans" ("chatbot_id", "kind", "grain", "start", "value", "count")
  SELECT d.chatbot_id, p_kind, d.grain, d.start, d.value, d.n FROM d
   WHERE NOT EXISTS (SELECT 1 FROM updated u WHERE u."chatbot_id" = d.chatbot_id AND u."grain" = d.grain AND u."start" = d.start AND u."value" = d.value)
     AND EXISTS (SELECT 1 FROM "chatbots" c WHERE c."id" = d.chatbot_id);
END
$$;

CREATE OR REPLACE FUNCTION "analytics_bump_values"(p_kind TEXT, p_chatbot UUID[], p_day DATE[], p_value TEXT[], p_count INT[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT * FROM unnest(p_chatbot, p_day, p_value, p_count) AS d(chatbot_id, day, value, n)
  ), updated AS (
    UPDATE "analytics_day_values" a SET "count" = a."count" + d.n
      FROM d
     WHERE a."id" = (SELECT x."id" FROM "analytics_day_values" x
                      WHERE x."chatbot_id" = d.chatbot_id AND x."kind" = p_kind AND x."day" = d.day AND x."value" = d.value
                      LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING a."chatbot_id", a."day", a."value"
  )
  INSERT INTO "analytics_day_values" ("chatbot_id", "kind", "day", "value", "count")
  SELECT d.chatbot_id, p_kind, d.day, d.value, d.n FROM d
   WHERE NOT EXISTS (SELECT 1 FROM updated u WHERE u."chatbot_id" = d.chatbot_id AND u."day" = d.day AND u."value" = d.value)
     AND EXISTS (SELECT 1 FROM "chatbots" c WHERE c."id" = d.chatbot_id);
  PERFORM "analytics_bump_value_spans"(p_kind, p_chatbot, p_day, p_value, p_count);
  PERFORM "analytics_touch_all"(p_chatbot);
END
$$;

-- One key's delta, for the row-level conversation trigger below: the same
-- rule (a row of the key no one else has locked, else a new row).
CREATE OR REPLACE FUNCTION "analytics_bump_day"(p_chatbot UUID, p_day DATE, p_conversations INT, p_classified INT, p_negative INT,
                                     p_messages INT, p_questions INT, p_answered INT)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "analytics_days"
     SET "conversations" = "conversations" + p_conversations, "classified" = "classified" + p_classified,
         "negative" = "negative" + p_negative, "messages" = "messages" + p_messages,
         "questions" = "questions" + p_questions, "answered" = "answered" + p_answered
   WHERE "id" = (SELECT "id" FROM "analytics_days" WHERE "chatbot_id" = p_chatbot AND "day" = p_day LIMIT 1 FOR UPDATE SKIP LOCKED);
  IF NOT FOUND THEN
    INSERT INTO "analytics_days" ("chatbot_id", "day", "conversations", "classified", "negative", "messages", "questions", "answered")
    SELECT p_chatbot, p_day, p_conversations, p_classified, p_negative, p_messages, p_questions, p_answered
     WHERE EXISTS (SELECT 1 FROM "chatbots" WHERE "id" = p_chatbot);
  END IF;
  PERFORM "analytics_touch"(p_chatbot);
END
$$;

CREATE OR REPLACE FUNCTION "analytics_bump_value"(p_kind TEXT, p_chatbot UUID, p_day DATE, p_value TEXT, p_count INT)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "analytics_day_values" SET "count" = "count" + p_count
   WHERE "id" = (SELECT "id" FROM "analytics_day_values"
                  WHERE "chatbot_id" = p_chatbot AND "kind" = p_kind AND "day" = p_day AND "value" = p_value
                  LIMIT 1 FOR UPDATE SKIP LOCKED);
  IF NOT FOUND THEN
    INSERT INTO "analytics_day_values" ("chatbot_id", "kind", "day", "value", "count")
    SELECT p_chatbot, p_kind, p_day, p_value, p_count WHERE EXISTS (SELECT 1 FROM "chatbots" WHERE "id" = p_chatbot);
  END IF;
  PERFORM "analytics_bump_value_spans"(p_kind, ARRAY[p_chatbot], ARRAY[p_day], ARRAY[p_value], ARRAY[p_count]);
  PERFORM "analytics_touch"(p_chatbot);
END
$$;

-- Conversations: a row-level trigger. The answer path writes one
-- conversation per statement and this runs inside the workspace row's lock
-- that every answer of the workspace queues on (charge_answer), so the
-- cheapest form wins: no transition tables to fill and aggregate, and the
-- WHEN clause of the update trigger (evaluated without calling anything)
-- drops the updates that change nothing summarised (read flags,
-- last_message_at, …). The message counters reach here through the
-- messages' trigger above, which updates the conversation rows.
CREATE OR REPLACE FUNCTION "analytics_conversation_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_new_day DATE;
  v_old_day DATE;
BEGIN
  IF current_setting('app.bulk_import', true) = 'on' OR current_setting('app.analytics_kept', true) = 'on' THEN
    RETURN NULL;
  END IF;
  -- A chatbot's hard delete cascades here once per conversation; its rollups
  -- go with it (cascade), so there is nothing to subtract — and a large
  -- chatbot's delete stays one index probe per conversation.
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM "chatbots" WHERE "id" = OLD."chatbot_id") THEN
    RETURN NULL;
  END IF;
  IF NOT "analytics_counted"(CASE WHEN TG_OP = 'INSERT' THEN NEW."source" ELSE OLD."source" END) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    v_new_day := (NEW."created_at" AT TIME ZONE 'UTC')::date;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    v_old_day := (OLD."created_at" AT TIME ZONE 'UTC')::date;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW."chatbot_id" = OLD."chatbot_id" AND v_new_day = v_old_day THEN
    -- The same key: one delta.
    IF (NEW."sentiment" IS NULL) IS DISTINCT FROM (OLD."sentiment" IS NULL)
       OR (NEW."sentiment" = 'negative') IS DISTINCT FROM (OLD."sentiment" = 'negative')
       OR NEW."message_count" <> OLD."message_count" OR NEW."question_count" <> OLD."question_count"
       OR NEW."answered_count" <> OLD."answered_count" THEN
      PERFORM "analytics_bump_day"(NEW."chatbot_id", v_new_day, 0,
        (NEW."sentiment" IS NOT NULL)::int - (OLD."sentiment" IS NOT NULL)::int,
        coalesce((NEW."sentiment" = 'negative')::int, 0) - coalesce((OLD."sentiment" = 'negative')::int, 0),
        NEW."message_count" - OLD."message_count", NEW."question_count" - OLD."question_count", NEW."answered_count" - OLD."answered_count");
    END IF;
    IF NEW."category" IS DISTINCT FROM OLD."category" THEN
      IF OLD."category" <> '' THEN
        PERFORM "analytics_bump_value"('category', OLD."chatbot_id", v_old_day, OLD."category", -1);
      END IF;
      IF NEW."category" <> '' THEN
        PERFORM "analytics_bump_value"('category', NEW."chatbot_id", v_new_day, NEW."category", 1);
      END IF;
    END IF;
    RETURN NULL;
  END IF;
  -- Otherwise the old row leaves its key and the new row joins its own.
  IF TG_OP <> 'INSERT' THEN
    PERFORM "analytics_bump_day"(OLD."chatbot_id", v_old_day, -1, -(OLD."sentiment" IS NOT NULL)::int,
      -coalesce((OLD."sentiment" = 'negative')::int, 0), -OLD."message_count", -OLD."question_count", -OLD."answered_count");
    IF OLD."category" <> '' THEN
      PERFORM "analytics_bump_value"('category', OLD."chatbot_id", v_old_day, OLD."category", -1);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "analytics_bump_day"(NEW."chatbot_id", v_new_day, 1, (NEW."sentiment" IS NOT NULL)::int,
      coalesce((NEW."sentiment" = 'negative')::int, 0), NEW."message_count", NEW."question_count", NEW."answered_count");
    IF NEW."category" <> '' THEN
      PERFORM "analytics_bump_value"('category', NEW."chatbot_id", v_new_day, NEW."category", 1);
    END IF;
  END IF;
  RETURN NULL;
END
$$;

-- Widget events and ratings: statement-level with transition tables (a
-- statement's rows count +1, the rows it removed -1, an update is both, by
-- the UTC day of each row; keys whose deltas are all zero are dropped), one
-- set-based statement per table. PL/pgSQL plans a statement when it first
-- runs it, so each branch names only the transition tables its operation has.
CREATE OR REPLACE FUNCTION "analytics_widget_events_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_k UUID[]; v_d DATE[]; v_v TEXT[]; v_c INT[];
BEGIN
  IF current_setting('app.bulk_import', true) = 'on' OR current_setting('app.analytics_kept', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(chatbot_id), array_agg(day), array_agg("value"), array_agg(n) INTO v_k, v_d, v_v, v_c
      FROM (SELECT "chatbot_id", day, "value", sum(s)::int AS n FROM (SELECT "chatbot_id", ("created_at" AT TIME ZONE 'UTC')::date AS day, 1 AS s, "value" FROM new_rows) r WHERE "value" <> '' GROUP BY 1, 2, 3) g
     WHERE n <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(chatbot_id), array_agg(day), array_agg("value"), array_agg(n) INTO v_k, v_d, v_v, v_c
      FROM (SELECT "chatbot_id", day, "value", sum(s)::int AS n FROM (SELECT "chatbot_id", ("created_at" AT TIME ZONE 'UTC')::date AS day, -1 AS s, "value" FROM old_rows) r WHERE "value" <> '' GROUP BY 1, 2, 3) g
     WHERE n <> 0;
  ELSE
    SELECT array_agg(chatbot_id), array_agg(day), array_agg("value"), array_agg(n) INTO v_k, v_d, v_v, v_c
      FROM (SELECT "chatbot_id", day, "value", sum(s)::int AS n FROM (SELECT "chatbot_id", ("created_at" AT TIME ZONE 'UTC')::date AS day, 1 AS s, "value" FROM new_rows UNION ALL SELECT "chatbot_id", ("created_at" AT TIME ZONE 'UTC')::date AS day, -1 AS s, "value" FROM old_rows) r WHERE "value" <> '' GROUP BY 1, 2, 3) g
     WHERE n <> 0;
  END IF;
  IF v_k IS NOT NULL THEN
    PERFORM "analytics_bump_values"('event', v_k, v_d, v_v, v_c);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "analytics_feedback_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_k UUID[]; v_d DATE[]; v_p INT[]; v_n INT[]; v_z INT[];
BEGIN
  IF current_setting('app.bulk_import', true) = 'on' OR current_setting('app.analytics_kept', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(chatbot_id), array_agg(day), array_agg(pos), array_agg(neg) INTO v_k, v_d, v_p, v_n
      FROM (SELECT "chatbot_id", day, coalesce(sum(s) FILTER (WHERE "rating" = 'positive'), 0)::int AS pos,
                   coalesce(sum(s) FILTER (WHERE "rating" = 'negative'), 0)::int AS neg
              FROM (SELECT "chatbot_id", ("created_at" AT TIME ZONE 'UTC')::date AS day, 1 AS s, "rating" FROM new_rows) r GROUP BY 1, 2) g
     WHERE pos <> 0 OR neg <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(chatbot_id), array_agg(day), array_agg(pos), array_agg(neg) INTO v_k, v_d, v_p, v_n
      FROM (SELECT "chatbot_id", day, coalesce(sum(s) FILTER (WHERE "rating" = 'positive'), 0)::int AS pos,
                   coalesce(sum(s) FILTER (WHERE "rating" = 'negative'), 0)::int AS neg
              FROM (SELECT "chatbot_id", ("created_at" AT TIME ZONE 'UTC')::date AS day, -1 AS s, "rating" FROM old_rows) r GROUP BY 1, 2) g
     WHERE pos <> 0 OR neg <> 0;
  ELSE
    SELECT array_agg(chatbot_id), array_agg(day), array_agg(pos), array_agg(neg) INTO v_k, v_d, v_p, v_n
      FROM (SELECT "chatbot_id", day, coalesce(sum(s) FILTER (WHERE "rating" = 'positive'), 0)::int AS pos,
                   coalesce(sum(s) FILTER (WHERE "rating" = 'negative'), 0)::int AS neg
              FROM (SELECT "chatbot_id", ("created_at" AT TIME ZONE 'UTC')::date AS day, 1 AS s, "rating" FROM new_rows UNION ALL SELECT "chatbot_id", ("created_at" AT TIME ZONE 'UTC')::date AS day, -1 AS s, "rating" FROM old_rows) r GROUP BY 1, 2) g
     WHERE pos <> 0 OR neg <> 0;
  END IF;
  IF v_k IS NOT NULL THEN
    v_z := array_fill(0, ARRAY[cardinality(v_k)]);
    PERFORM "analytics_bump_days"(v_k, v_d, v_z, v_z, v_z, v_z, v_z, v_z, v_p, v_n);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "messages_analytics_insert" AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_messages_changed"();

CREATE OR REPLACE TRIGGER "messages_analytics_update" AFTER UPDATE ON "messages"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_messages_changed"();

CREATE OR REPLACE TRIGGER "messages_analytics_delete" AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_messages_changed"();

CREATE OR REPLACE TRIGGER "conversations_analytics_insert_delete" AFTER INSERT OR DELETE ON "conversations"
  FOR EACH ROW EXECUTE FUNCTION "analytics_conversation_changed"();

CREATE OR REPLACE TRIGGER "conversations_analytics_update" AFTER UPDATE ON "conversations"
  FOR EACH ROW
  WHEN ((OLD."chatbot_id", OLD."created_at", OLD."sentiment", OLD."category", OLD."message_count", OLD."question_count", OLD."answered_count")
        IS DISTINCT FROM (NEW."chatbot_id", NEW."created_at", NEW."sentiment", NEW."category", NEW."message_count", NEW."question_count", NEW."answered_count"))
  EXECUTE FUNCTION "analytics_conversation_changed"();

CREATE OR REPLACE TRIGGER "widget_events_analytics_insert" AFTER INSERT ON "widget_events"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_widget_events_changed"();

CREATE OR REPLACE TRIGGER "widget_events_analytics_update" AFTER UPDATE ON "widget_events"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_widget_events_changed"();

CREATE OR REPLACE TRIGGER "widget_events_analytics_delete" AFTER DELETE ON "widget_events"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_widget_events_changed"();

CREATE OR REPLACE TRIGGER "feedback_analytics_insert" AFTER INSERT ON "feedback"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_feedback_changed"();

CREATE OR REPLACE TRIGGER "feedback_analytics_update" AFTER UPDATE ON "feedback"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_feedback_changed"();

CREATE OR REPLACE TRIGGER "feedback_analytics_delete" AFTER DELETE ON "feedback"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_feedback_changed"();

-- Distinct counts (docs/decisions/065-analytics-distinct-rollups.md):
-- visitors per country, leads, unique link clicks and conversations per link.
-- A write adds or removes rows making a key present on a day
-- (analytics_presence.n); only when a key's day becomes present or absent do
-- the counts change, and then by the key's neighbours: for its previous day
-- of presence p and next one q, the day itself is counted with p, and q moves
-- from p to the day (or back). The per-key advisory lock keeps two writers
-- of one key from each missing the other's day. A previous day more than 365
-- days back is stored as '-infinity': no period (at most 366 days, period.ts)
-- that contains the day can start after it, so no read tells them apart.
CREATE OR REPLACE FUNCTION "analytics_prev_day"(p_prev DATE, p_day DATE) RETURNS DATE LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_prev IS NULL OR p_prev < p_day - 365 THEN '-infinity'::date ELSE p_prev END
$$;

-- The first day of the span of `p_grain` holding a day: its month, or its
-- dekad (days 1–10, 11–20, 21–end of the month). analytics.ts splits a period
-- into whole months, whole dekads and single days by the same rule
-- (src/server/analytics/spans.ts; docs/decisions/089-analytics-distinct-spans.md).
CREATE OR REPLACE FUNCTION "analytics_span_start"(p_grain TEXT, p_day DATE) RETURNS DATE LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_grain WHEN 'month' THEN date_trunc('month', p_day)::date
                      ELSE date_trunc('month', p_day)::date + least((extract(day FROM p_day)::int - 1) / 10, 2) * 10 END
$$;

-- Adds p_count keys to (day, previous day, dim) and to the month and the
-- dekad holding the day, each on any row of its key nobody else holds (the
-- no-hot-row rule of the daily rollups).
CREATE OR REPLACE FUNCTION "analytics_bump_distinct"(p_chatbot UUID, p_kind TEXT, p_dim TEXT, p_day DATE, p_prev DATE, p_count INT)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_grain TEXT;
  v_start DATE;
BEGIN
  UPDATE "analytics_distinct_days" SET "count" = "count" + p_count
   WHERE "id" = (SELECT "id" FROM "analytics_distinct_days"
                  WHERE "chatbot_id" = p_chatbot AND "kind" = p_kind AND "day" = p_day AND "prev_day" = p_prev AND "dim" = p_dim
                  LIMIT 1 FOR UPDATE SKIP LOCKED);
  IF NOT FOUND THEN
    INSERT INTO "analytics_distinct_days" ("chatbot_id", "kind", "dim", "day", "prev_day", "count")
    VALUES (p_chatbot, p_kind, p_dim, p_day, p_prev, p_count);
  END IF;
  FOREACH v_grain IN ARRAY ARRAY['month', 'dekad'] LOOP
    v_start := "analytics_span_start"(v_grain, p_day);
    UPDATE "analytics_distinct_spans" SET "count" = "count" + p_count
     WHERE "id" = (SELECT "id" FROM "analytics_distinct_spans"
                    WHERE "chatbot_id" = p_chatbot AND "kind" = p_kind AND "grain" = v_grain AND "start" = v_start
                      AND "prev_day" = p_prev AND "dim" = p_dim
                    LIMIT 1 FOR UPDATE SKIP LOCKED);
    IF NOT FOUND THEN
      INSERT INTO "analytics_distinct_spans" ("chatbot_id", "kind", "grain", "start", "dim", "prev_day", "count")
      VALUES (p_chatbot, p_kind, v_grain, v_start, p_dim, p_prev, p_count);
    END IF;
  END LOOP;
  PERFORM "analytics_touch"(p_chatbot);
END
$$;

-- Applies presence deltas: (chatbot, kind, key, dim, day, delta) each. A null
-- dim means "the dim the key has that day" (a visitor's conversation deleted
-- with its visitor: the country is gone with the row).
CREATE OR REPLACE FUNCTION "analytics_presence_apply"(p_chatbot UUID[], p_kind TEXT[], p_key UUID[], p_dim TEXT[], p_day DATE[], p_delta INT[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
  v_dim TEXT;
  v_n INT;
  v_sign INT;
  v_prev DATE;
  v_next DATE;
BEGIN
  FOR r IN SELECT e.chatbot_id, e.kind, e.key, e.dim, e.day, sum(e.delta)::int AS delta
             FROM unnest(p_chatbot, p_kind, p_key, p_dim, p_day, p_delta) AS e(chatbot_id, kind, key, dim, day, delta)
            WHERE EXISTS (SELECT 1 FROM "chatbots" c WHERE c."id" = e.chatbot_id)
            GROUP BY 1, 2, 3, 4, 5 HAVING sum(e.delta) <> 0
            ORDER BY 1, 2, 3, 4, 5
  LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended(r.chatbot_id::text || r.kind || r.key::text, 28));
    v_dim := r.dim;
    IF v_dim IS NULL THEN
      SELECT "dim" INTO v_dim FROM "analytics_presence"
       WHERE "chatbot_id" = r.chatbot_id AND "kind" = r.kind AND "key" = r.key AND "day" = r.day LIMIT 1;
      CONTINUE WHEN v_dim IS NULL;
    END IF;
    UPDATE "analytics_presence" SET "n" = "n" + r.delta
     WHERE "chatbot_id" = r.chatbot_id AND "kind" = r.kind AND "key" = r.key AND "dim" = v_dim AND "day" = r.day
    RETURNING "n" INTO v_n;
    IF NOT FOUND THEN
      CONTINUE WHEN r.delta < 0;
      INSERT INTO "analytics_presence" ("chatbot_id", "kind", "key", "dim", "day", "n") VALUES (r.chatbot_id, r.kind, r.key, v_dim, r.day, r.delta);
      v_sign := 1;
    ELSIF v_n <= 0 THEN
      DELETE FROM "analytics_presence" WHERE "chatbot_id" = r.chatbot_id AND "kind" = r.kind AND "key" = r.key AND "dim" = v_dim AND "day" = r.day;
      v_sign := -1;
    ELSE
      CONTINUE;
    END IF;
    SELECT max("day") INTO v_prev FROM "analytics_presence"
     WHERE "chatbot_id" = r.chatbot_id AND "kind" = r.kind AND "key" = r.key AND "dim" = v_dim AND "day" < r.day;
    SELECT min("day") INTO v_next FROM "analytics_presence"
     WHERE "chatbot_id" = r.chatbot_id AND "kind" = r.kind AND "key" = r.key AND "dim" = v_dim AND "day" > r.day;
    PERFORM "analytics_bump_distinct"(r.chatbot_id, r.kind, v_dim, r.day, "analytics_prev_day"(v_prev, r.day), v_sign);
    IF v_next IS NOT NULL THEN
      PERFORM "analytics_bump_distinct"(r.chatbot_id, r.kind, v_dim, v_next, "analytics_prev_day"(v_prev, v_next), -v_sign);
      PERFORM "analytics_bump_distinct"(r.chatbot_id, r.kind, v_dim, v_next, "analytics_prev_day"(r.day, v_next), v_sign);
    END IF;
  END LOOP;
END
$$;

-- The country dim of a visitor: the upper-case code, then a tab and the
-- stored name when there is one (docs/analytics.md: `country` is the stored
-- name, the code when none is stored). Null: no country, not counted.
CREATE OR REPLACE FUNCTION "analytics_country_dim"(p_code TEXT, p_name TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN coalesce(p_code, '') = '' THEN NULL ELSE upper(p_code) || coalesce(E'\t' || p_name, '') END
$$;

-- Conversations: the visitor is present in its country on the day the
-- conversation started. Row-level like the other conversation trigger.
CREATE OR REPLACE FUNCTION "analytics_conversation_presence"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_dim TEXT;
BEGIN
  IF current_setting('app.bulk_import', true) = 'on' OR current_setting('app.analytics_kept', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF NOT "analytics_counted"(CASE WHEN TG_OP = 'INSERT' THEN NEW."source" ELSE OLD."source" END) THEN
    RETURN NULL;
  END IF;
  -- The visitors' rows, shared, in id order: a concurrent change of their country
  -- (analytics_visitor_country_changed, which moves their conversations' days)
  -- then runs wholly before or wholly after this change, never across it.
  PERFORM 1 FROM "visitors"
    WHERE "id" IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD."visitor_id" END, CASE WHEN TG_OP <> 'DELETE' THEN NEW."visitor_id" END)
    ORDER BY "id" FOR SHARE;
  IF TG_OP <> 'INSERT' AND EXISTS (SELECT 1 FROM "chatbots" WHERE "id" = OLD."chatbot_id") THEN
    PERFORM "analytics_presence_apply"(ARRAY[OLD."chatbot_id"], ARRAY['country'], ARRAY[OLD."visitor_id"], ARRAY[NULL::text],
      ARRAY[(OLD."created_at" AT TIME ZONE 'UTC')::date], ARRAY[-1]);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT "analytics_country_dim"("country_code", "country") INTO v_dim FROM "visitors" WHERE "id" = NEW."visitor_id";
    IF v_dim IS NOT NULL THEN
      PERFORM "analytics_presence_apply"(ARRAY[NEW."chatbot_id"], ARRAY['country'], ARRAY[NEW."visitor_id"], ARRAY[v_dim],
        ARRAY[(NEW."created_at" AT TIME ZONE 'UTC')::date], ARRAY[1]);
    END IF;
  END IF;
  RETURN NULL;
END
$$;

-- Visitors: a changed country moves every day of the visitor's conversations
-- to the new country (the WHEN clause drops the updates that keep it: every
-- recorded turn touches last_seen_at).
CREATE OR REPLACE FUNCTION "analytics_visitor_country_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_old TEXT := "analytics_country_dim"(OLD."country_code", OLD."country");
  v_new TEXT := "analytics_country_dim"(NEW."country_code", NEW."country");
BEGIN
  IF current_setting('app.bulk_import', true) = 'on' OR current_setting('app.analytics_kept', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM "analytics_presence_apply"(array_agg(chatbot_id), array_agg('country'::text), array_agg(NEW."id"), array_agg(dim), array_agg(day), array_agg(n))
     FROM (SELECT "chatbot_id", d.dim, (c."created_at" AT TIME ZONE 'UTC')::date AS day, count(*)::int * d.s AS n
             FROM "conversations" c, (VALUES (v_old, -1), (v_new, 1)) AS d(dim, s)
            WHERE c."visitor_id" = NEW."id" AND "analytics_counted"(c."source") AND d.dim IS NOT NULL
            GROUP BY 1, 2, 3, d.s) x
   HAVING count(*) > 0;
  RETURN NULL;
END
$$;

-- Contacts (leads: a visitor with an email or a phone) and link clicks
-- (clicker: the conversation, else the visitor, else the click; dim: the
-- link, ':c' for clicks inside a conversation): statement-level with
-- transition tables, like the widget events.
CREATE OR REPLACE FUNCTION "analytics_contacts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('app.bulk_import', true) = 'on' OR current_setting('app.analytics_kept', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM "analytics_presence_apply"(array_agg("chatbot_id"), array_agg('lead'::text), array_agg("visitor_id"), array_agg(''::text), array_agg(day), array_agg(s))
       FROM (SELECT "chatbot_id", "visitor_id", ("created_at" AT TIME ZONE 'UTC')::date AS day, 1 AS s FROM new_rows
              WHERE "email" <> '' OR coalesce("phone", '') <> '') r HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "analytics_presence_apply"(array_agg("chatbot_id"), array_agg('lead'::text), array_agg("visitor_id"), array_agg(''::text), array_agg(day), array_agg(s))
       FROM (SELECT "chatbot_id", "visitor_id", ("created_at" AT TIME ZONE 'UTC')::date AS day, -1 AS s FROM old_rows
              WHERE "email" <> '' OR coalesce("phone", '') <> '') r HAVING count(*) > 0;
  ELSE
    PERFORM "analytics_presence_apply"(array_agg("chatbot_id"), array_agg('lead'::text), array_agg("visitor_id"), array_agg(''::text), array_agg(day), array_agg(s))
       FROM (SELECT "chatbot_id", "visitor_id", ("created_at" AT TIME ZONE 'UTC')::date AS day, 1 AS s FROM new_rows
              WHERE "email" <> '' OR coalesce("phone", '') <> ''
             UNION ALL
             SELECT "chatbot_id", "visitor_id", ("created_at" AT TIME ZONE 'UTC')::date AS day, -1 AS s FROM old_rows
              WHERE "email" <> '' OR coalesce("phone", '') <> '') r HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "analytics_link_clicks_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('app.bulk_import', true) = 'on' OR current_setting('app.analytics_kept', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM "analytics_presence_apply"(array_agg("chatbot_id"), array_agg('link'::text), array_agg(clicker), array_agg(dim), array_agg(day), array_agg(s))
       FROM (SELECT "chatbot_id", coalesce("conversation_id", "visitor_id", "id") AS clicker,
                    "link_id"::text || CASE WHEN "conversation_id" IS NULL THEN ':o' ELSE ':c' END AS dim,
                    ("created_at" AT TIME ZONE 'UTC')::date AS day, 1 AS s FROM new_rows) r HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "analytics_presence_apply"(array_agg("chatbot_id"), array_agg('link'::text), array_agg(clicker), array_agg(dim), array_agg(day), array_agg(s))
       FROM (SELECT "chatbot_id", coalesce("conversation_id", "visitor_id", "id") AS clicker,
                    "link_id"::text || CASE WHEN "conversation_id" IS NULL THEN ':o' ELSE ':c' END AS dim,
                    ("created_at" AT TIME ZONE 'UTC')::date AS day, -1 AS s FROM old_rows) r HAVING count(*) > 0;
  ELSE
    PERFORM "analytics_presence_apply"(array_agg("chatbot_id"), array_agg('link'::text), array_agg(clicker), array_agg(dim), array_agg(day), array_agg(s))
       FROM (SELECT "chatbot_id", coalesce("conversation_id", "visitor_id", "id") AS clicker,
                    "link_id"::text || CASE WHEN "conversation_id" IS NULL THEN ':o' ELSE ':c' END AS dim,
                    ("created_at" AT TIME ZONE 'UTC')::date AS day, 1 AS s FROM new_rows
             UNION ALL
             SELECT "chatbot_id", coalesce("conversation_id", "visitor_id", "id") AS clicker,
                    "link_id"::text || CASE WHEN "conversation_id" IS NULL THEN ':o' ELSE ':c' END AS dim,
                    ("created_at" AT TIME ZONE 'UTC')::date AS day, -1 AS s FROM old_rows) r HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "conversations_analytics_presence" AFTER INSERT OR DELETE ON "conversations"
  FOR EACH ROW EXECUTE FUNCTION "analytics_conversation_presence"();

CREATE OR REPLACE TRIGGER "conversations_analytics_presence_update" AFTER UPDATE ON "conversations"
  FOR EACH ROW
  WHEN ((OLD."chatbot_id", OLD."visitor_id", OLD."created_at") IS DISTINCT FROM (NEW."chatbot_id", NEW."visitor_id", NEW."created_at"))
  EXECUTE FUNCTION "analytics_conversation_presence"();

CREATE OR REPLACE TRIGGER "visitors_analytics_country" AFTER UPDATE ON "visitors"
  FOR EACH ROW
  WHEN ("analytics_country_dim"(OLD."country_code", OLD."country") IS DISTINCT FROM "analytics_country_dim"(NEW."country_code", NEW."country"))
  EXECUTE FUNCTION "analytics_visitor_country_changed"();

CREATE OR REPLACE TRIGGER "contacts_analytics_insert" AFTER INSERT ON "contacts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_contacts_changed"();

CREATE OR REPLACE TRIGGER "contacts_analytics_update" AFTER UPDATE ON "contacts"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_contacts_changed"();

CREATE OR REPLACE TRIGGER "contacts_analytics_delete" AFTER DELETE ON "contacts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_contacts_changed"();

CREATE OR REPLACE TRIGGER "link_clicks_analytics_insert" AFTER INSERT ON "link_clicks"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_link_clicks_changed"();

CREATE OR REPLACE TRIGGER "link_clicks_analytics_update" AFTER UPDATE ON "link_clicks"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_link_clicks_changed"();

CREATE OR REPLACE TRIGGER "link_clicks_analytics_delete" AFTER DELETE ON "link_clicks"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_link_clicks_changed"();

-- The value report's breakdown (src/server/analytics/breakdown.ts; docs/decisions/143-the-report-breakdown-rolled-up.md):
-- conversations by chatbot, UTC day and hour of their start and surface, with how many a person was asked
-- for or took part in and how many the bot answered alone; the conversations analytics count
-- (analytics_counted: not the playground's). What decides a conversation's key and flags is on its own
-- row: its status and answered count, its agent messages (agent_count, kept with the message counters
-- above), its escalations (escalation_count) and the kind of the channel it came from (channel_kind, set
-- when it starts); the triggers below keep those, and the conversation trigger moves the conversation
-- between keys and flags when any of them changes. A recorded turn changes none of them but the answered
-- count, and that only on the first answer: the WHEN clause drops the others without a call.
CREATE OR REPLACE FUNCTION "analytics_breakdown_source"(p_source TEXT, p_channel_kind TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_source = 'channel' THEN coalesce(p_channel_kind, p_source) ELSE p_source END
$$;

-- Handed to a person: a status other than the bot's, an escalation, or an agent's message.
CREATE OR REPLACE FUNCTION "analytics_handed"(p_status TEXT, p_escalations INT, p_agent_messages INT) RETURNS BOOLEAN LANGUAGE sql IMMUTABLE AS $$
  SELECT p_status <> 'bot' OR p_escalations > 0 OR p_agent_messages > 0
$$;

-- One key's delta, by the no-hot-row rule of analytics_bump_day.
CREATE OR REPLACE FUNCTION "analytics_bump_breakdown"(p_chatbot UUID, p_at TIMESTAMPTZ, p_source TEXT, p_conversations INT, p_handed INT, p_answered INT)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_day DATE := (p_at AT TIME ZONE 'UTC')::date;
  v_hour INT := extract(hour FROM p_at AT TIME ZONE 'UTC')::int;
BEGIN
  UPDATE "analytics_breakdown"
     SET "conversations" = "conversations" + p_conversations, "handed" = "handed" + p_handed, "answered" = "answered" + p_answered
   WHERE "id" = (SELECT "id" FROM "analytics_breakdown"
                  WHERE "chatbot_id" = p_chatbot AND "day" = v_day AND "hour" = v_hour AND "source" = p_source
                  LIMIT 1 FOR UPDATE SKIP LOCKED);
  IF NOT FOUND THEN
    INSERT INTO "analytics_breakdown" ("chatbot_id", "day", "hour", "source", "conversations", "handed", "answered")
    SELECT p_chatbot, v_day, v_hour, p_source, p_conversations, p_handed, p_answered
     WHERE EXISTS (SELECT 1 FROM "chatbots" WHERE "id" = p_chatbot);
  END IF;
END
$$;

CREATE OR REPLACE FUNCTION "analytics_breakdown_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_old_source TEXT;
  v_new_source TEXT;
  v_old_handed INT;
  v_new_handed INT;
  v_old_answered INT;
  v_new_answered INT;
BEGIN
  IF current_setting('app.bulk_import', true) = 'on' OR current_setting('app.analytics_kept', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM "chatbots" WHERE "id" = OLD."chatbot_id") THEN
    RETURN NULL;
  END IF;
  IF NOT "analytics_counted"(CASE WHEN TG_OP = 'INSERT' THEN NEW."source" ELSE OLD."source" END) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    v_old_source := "analytics_breakdown_source"(OLD."source", OLD."channel_kind");
    v_old_handed := "analytics_handed"(OLD."status", OLD."escalation_count", OLD."agent_count")::int;
    v_old_answered := (v_old_handed = 0 AND OLD."answered_count" > 0)::int;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    v_new_source := "analytics_breakdown_source"(NEW."source", NEW."channel_kind");
    v_new_handed := "analytics_handed"(NEW."status", NEW."escalation_count", NEW."agent_count")::int;
    v_new_answered := (v_new_handed = 0 AND NEW."answered_count" > 0)::int;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW."chatbot_id" = OLD."chatbot_id" AND v_new_source = v_old_source
     AND date_trunc('hour', NEW."created_at" AT TIME ZONE 'UTC') = date_trunc('hour', OLD."created_at" AT TIME ZONE 'UTC') THEN
    IF v_new_handed <> v_old_handed OR v_new_answered <> v_old_answered THEN
      PERFORM "analytics_bump_breakdown"(NEW."chatbot_id", NEW."created_at", v_new_source, 0, v_new_handed - v_old_handed, v_new_answered - v_old_answered);
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM "analytics_bump_breakdown"(OLD."chatbot_id", OLD."created_at", v_old_source, -1, -v_old_handed, -v_old_answered);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "analytics_bump_breakdown"(NEW."chatbot_id", NEW."created_at", v_new_source, 1, v_new_handed, v_new_answered);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "conversations_analytics_breakdown" AFTER INSERT OR DELETE ON "conversations"
  FOR EACH ROW EXECUTE FUNCTION "analytics_breakdown_changed"();

CREATE OR REPLACE TRIGGER "conversations_analytics_breakdown_update" AFTER UPDATE ON "conversations"
  FOR EACH ROW
  -- The columns themselves, no function: a trigger's WHEN clause is prepared again for every statement that
  -- updates conversations (twice a recorded turn), and a SQL function in it is parsed and inlined each time
  -- (about 0.07 ms a turn for the four calls). The function finds the few updates that change nothing.
  WHEN ((OLD."chatbot_id", OLD."created_at", OLD."source", OLD."channel_kind", OLD."status", OLD."escalation_count", OLD."agent_count", OLD."answered_count" > 0)
        IS DISTINCT FROM (NEW."chatbot_id", NEW."created_at", NEW."source", NEW."channel_kind", NEW."status", NEW."escalation_count", NEW."agent_count", NEW."answered_count" > 0))
  EXECUTE FUNCTION "analytics_breakdown_changed"();

-- A conversation's escalations, counted on it (row-level: an escalation is one row, written rarely).
CREATE OR REPLACE FUNCTION "analytics_escalations_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('app.bulk_import', true) = 'on' OR current_setting('app.analytics_kept', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE "conversations" SET "escalation_count" = "escalation_count" - 1 WHERE "id" = OLD."conversation_id";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE "conversations" SET "escalation_count" = "escalation_count" + 1 WHERE "id" = NEW."conversation_id";
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "escalations_analytics" AFTER INSERT OR DELETE ON "escalations"
  FOR EACH ROW EXECUTE FUNCTION "analytics_escalations_changed"();

CREATE OR REPLACE TRIGGER "escalations_analytics_update" AFTER UPDATE ON "escalations"
  FOR EACH ROW WHEN (OLD."conversation_id" IS DISTINCT FROM NEW."conversation_id") EXECUTE FUNCTION "analytics_escalations_changed"();

-- The kind of the channel a conversation came from (the breakdown's surface of a channel conversation),
-- set when it starts and kept: the channel is the one its visitor's key names (`channel:<channel id>:<chat>`,
-- channelVisitorKey in src/server/channels/ratings.ts; the inbox reads it the same way), so a conversation
-- stays under its channel's kind after its chat moves on to a newer one, and after the channel is deleted.
-- Null for a channel conversation whose visitor names no channel of its chatbot (counted as `channel`).
CREATE OR REPLACE FUNCTION "analytics_channel_kind_of"(p_visitor UUID) RETURNS TEXT LANGUAGE sql STABLE AS $$
  SELECT ch."kind" FROM "visitors" v JOIN "channels" ch ON ch."chatbot_id" = v."chatbot_id" AND ch."id"::text = split_part(v."visitor_key", ':', 2)
   WHERE v."id" = p_visitor AND v."visitor_key" LIKE 'channel:%'
$$;

CREATE OR REPLACE FUNCTION "analytics_channel_conversation_started"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('app.bulk_import', true) = 'on' THEN
    RETURN NEW;
  END IF;
  NEW."channel_kind" := "analytics_channel_kind_of"(NEW."visitor_id");
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER "conversations_analytics_channel_kind" BEFORE INSERT ON "conversations"
  FOR EACH ROW WHEN (NEW."source" = 'channel') EXECUTE FUNCTION "analytics_channel_conversation_started"();

-- The visitor questions of the conversations started each day (src/server/analytics/period-questions.ts:
-- the insight themes and the value report's unanswered questions), of the conversations analytics count
-- (analytics_counted), by text and whether the first assistant reply at or after each was answered (no
-- reply, or one without `answered`, is unanswered). Kept by the messages' statement triggers (a recorded
-- turn's insert adds its questions from the counters' trigger above, analytics_turn_questions; any other
-- statement recounts the questions of the conversations it touched, as they were and as they are, and
-- moves the difference, analytics_questions_recount), the conversations' trigger (a
-- conversation moved to another chatbot or day takes its questions along; one deleted takes them away,
-- counted before its messages go) and analytics_rebuild. Unlike the counts above, the texts are the
-- visitors' own words: an erasure or a retention purge (`app.analytics_kept`) removes them here too, so
-- the report then lists what the conversations still hold, as it always did.
-- The functions below with arrays plan their statements once (a generic plan): planning them anew for each
-- turn's arrays cost more than running them (0.80 → 0.22 ms per recorded turn: docs/performance.md, "volume").
CREATE OR REPLACE FUNCTION "analytics_bump_questions"(p_chatbot UUID[], p_day DATE[], p_text TEXT[], p_answered BOOLEAN[], p_count INT[])
RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  WITH d AS (
    SELECT * FROM unnest(p_chatbot, p_day, p_text, p_answered, p_count) AS d(chatbot_id, day, text, answered, n)
  ), updated AS (
    UPDATE "analytics_questions" a SET "count" = a."count" + d.n
      FROM d
     WHERE a."id" = (SELECT x."id" FROM "analytics_questions" x
                      WHERE x."chatbot_id" = d.chatbot_id AND x."day" = d.day AND md5(x."text") = md5(d.text) AND x."text" = d.text
                        AND x."answered" = d.answered
                      LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING a."chatbot_id", a."day", a."text", a."answered"
  )
  INSERT INTO "analytics_questions" ("chatbot_id", "day", "text", "answered", "count")
  SELECT d.* FROM d
   WHERE NOT EXISTS (SELECT 1 FROM updated u WHERE u."chatbot_id" = d.chatbot_id AND u."day" = d.day AND u."text" = d.text AND u."answered" = d.answered)
     AND EXISTS (SELECT 1 FROM "chatbots" c WHERE c."id" = d.chatbot_id);
END
$$;

-- One key's delta (a recorded turn's one question), by the rule of analytics_bump_day: cheaper than the
-- arrays' statement above for one key.
CREATE OR REPLACE FUNCTION "analytics_bump_question"(p_chatbot UUID, p_day DATE, p_text TEXT, p_answered BOOLEAN, p_count INT)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "analytics_questions" SET "count" = "count" + p_count
   WHERE "id" = (SELECT "id" FROM "analytics_questions"
                  WHERE "chatbot_id" = p_chatbot AND "day" = p_day AND md5("text") = md5(p_text) AND "text" = p_text AND "answered" = p_answered
                  LIMIT 1 FOR UPDATE SKIP LOCKED);
  IF NOT FOUND THEN
    INSERT INTO "analytics_questions" ("chatbot_id", "day", "text", "answered", "count")
    SELECT p_chatbot, p_day, p_text, p_answered, p_count WHERE EXISTS (SELECT 1 FROM "chatbots" WHERE "id" = p_chatbot);
  END IF;
END
$$;

-- The questions of some conversations, counted s times each (+1, or -1 to take them away), at their
-- conversations' current chatbot and day.
CREATE OR REPLACE FUNCTION "analytics_move_questions"(p_conversations UUID[], p_s INT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "analytics_bump_questions"(array_agg(chatbot_id), array_agg(day), array_agg(content), array_agg(answered), array_agg(n))
     FROM (SELECT c."chatbot_id", (c."created_at" AT TIME ZONE 'UTC')::date AS day, q."content",
                  coalesce((SELECT a."answered" FROM "messages" a
                             WHERE a."conversation_id" = q."conversation_id" AND a."role" = 'assistant' AND a."created_at" >= q."created_at"
                             ORDER BY a."created_at", a."id" LIMIT 1), false) AS answered, count(*)::int * p_s AS n
             FROM "conversations" c JOIN "messages" q ON q."conversation_id" = c."id" AND q."role" = 'user'
            WHERE c."id" = ANY(p_conversations) AND "analytics_counted"(c."source")
            GROUP BY 1, 2, 3, 4) g
   HAVING count(*) > 0;
END
$$;

-- The usual recorded turn's questions (called by the counters' trigger above for an insert into one
-- conversation with at most one new reply, its new questions before it; the conversation's row is already
-- locked by its update there, after any statement on it before this one committed). When the new
-- messages are all later than every message the conversation held, the questions it held keep their first
-- reply, but for those still without one (asked after the last reply it held), whose first reply is now the
-- first new one. So the new questions are added, answered as the first new reply is, and, when the last
-- message held is not a reply and the first new reply answered, the waiting questions move from
-- unanswered to answered. False, with nothing counted, when the new messages are not all later: the
-- caller recounts.
CREATE OR REPLACE FUNCTION "analytics_turn_questions"(p_conversation UUID, p_new UUID[], p_chatbot UUID, p_day DATE, p_first TIMESTAMPTZ,
                                                      p_texts TEXT[], p_answered BOOLEAN)
RETURNS BOOLEAN LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_last_at TIMESTAMPTZ;
  v_last_role TEXT;
  v_texts TEXT[] := coalesce(p_texts, '{}');
  v_answered BOOLEAN[] := array_fill(p_answered, ARRAY[coalesce(cardinality(p_texts), 0)]);
  v_n INT[] := array_fill(1, ARRAY[coalesce(cardinality(p_texts), 0)]);
BEGIN
  SELECT m."created_at", m."role" INTO v_last_at, v_last_role
    FROM "messages" m WHERE m."conversation_id" = p_conversation AND NOT (m."id" = ANY(p_new))
   ORDER BY m."created_at" DESC, m."id" DESC LIMIT 1;
  IF v_last_at >= p_first THEN
    RETURN false;
  END IF;
  -- The questions waiting for a reply (rare on a bot's turn: a visitor's messages while a person had it).
  IF p_answered AND v_last_role <> 'assistant' THEN
    SELECT v_texts || array_agg(w."content") || array_agg(w."content"), v_answered || array_agg(false) || array_agg(true), v_n || array_agg(-1) || array_agg(1)
      INTO v_texts, v_answered, v_n
      FROM "messages" w
     WHERE w."conversation_id" = p_conversation AND w."role" = 'user' AND w."created_at" < p_first
       AND w."created_at" > coalesce((SELECT max(a."created_at") FROM "messages" a
                                       WHERE a."conversation_id" = p_conversation AND a."role" = 'assistant' AND a."created_at" < p_first), '-infinity');
  END IF;
  IF cardinality(v_texts) = 1 THEN
    PERFORM "analytics_bump_question"(p_chatbot, p_day, v_texts[1], v_answered[1], v_n[1]);
  ELSIF cardinality(v_texts) > 1 THEN
    -- One delta per key (the arrays' bump updates a key's row once per statement).
    PERFORM "analytics_bump_questions"(array_agg(p_chatbot), array_agg(p_day), array_agg(t), array_agg(a), array_agg(n))
       FROM (SELECT t, a, sum(n)::int AS n FROM unnest(v_texts, v_answered, v_n) AS u(t, a, n) GROUP BY 1, 2 HAVING sum(n) <> 0) g
     HAVING count(*) > 0;
  END IF;
  RETURN true;
END
$$;

-- Any other statement on messages: the questions of the conversations it touched (p_ids), recounted as
-- they were (the rows now, minus its new rows p_new, plus its old rows p_old_*) and as they are, the
-- difference moved. The conversations' rows first, in id order: a concurrent statement on one of them
-- recounts after this one commits. An erasure or a purge waits for no answer
-- (docs/decisions/124-retention-and-a-persons-data.md): it takes the rows nobody holds and recounts all of them.
CREATE OR REPLACE FUNCTION "analytics_questions_recount"(p_ids UUID[], p_new UUID[], p_old_id UUID[], p_old_conv UUID[], p_old_role TEXT[],
                                                         p_old_content TEXT[], p_old_answered BOOLEAN[], p_old_at TIMESTAMPTZ[])
RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF current_setting('app.analytics_kept', true) = 'on' THEN
    PERFORM 1 FROM "conversations" WHERE "id" = ANY(p_ids) ORDER BY "id" FOR NO KEY UPDATE SKIP LOCKED;
  ELSE
    PERFORM 1 FROM "conversations" WHERE "id" = ANY(p_ids) ORDER BY "id" FOR NO KEY UPDATE;
  END IF;
  PERFORM "analytics_bump_questions"(array_agg(chatbot_id), array_agg(day), array_agg(content), array_agg(answered), array_agg(n))
     FROM (
       WITH now_m AS (
         SELECT m."id", m."conversation_id", m."role", m."content", m."answered", m."created_at" FROM "messages" m WHERE m."conversation_id" = ANY(p_ids)
       ), was_m AS (
         SELECT * FROM now_m WHERE NOT ("id" = ANY(coalesce(p_new, '{}')))
         UNION ALL
         SELECT * FROM unnest(p_old_id, p_old_conv, p_old_role, p_old_content, p_old_answered, p_old_at) AS o(id, conversation_id, role, content, answered, created_at)
          WHERE o.conversation_id = ANY(p_ids)
       ), q AS (
         SELECT 1 AS s, q."conversation_id", q."content",
                coalesce((SELECT a."answered" FROM now_m a WHERE a."conversation_id" = q."conversation_id" AND a."role" = 'assistant' AND a."created_at" >= q."created_at"
                           ORDER BY a."created_at", a."id" LIMIT 1), false) AS answered
           FROM now_m q WHERE q."role" = 'user'
         UNION ALL
         SELECT -1, q."conversation_id", q."content",
                coalesce((SELECT a."answered" FROM was_m a WHERE a."conversation_id" = q."conversation_id" AND a."role" = 'assistant' AND a."created_at" >= q."created_at"
                           ORDER BY a."created_at", a."id" LIMIT 1), false)
           FROM was_m q WHERE q."role" = 'user'
       )
       SELECT c."chatbot_id", (c."created_at" AT TIME ZONE 'UTC')::date AS day, q."content", q."answered", sum(q.s)::int AS n
         FROM q JOIN "conversations" c ON c."id" = q."conversation_id"
        WHERE "analytics_counted"(c."source")
        GROUP BY 1, 2, 3, 4 HAVING sum(q.s) <> 0
     ) g
   HAVING count(*) > 0;
END
$$;

-- An update or a delete of messages (an insert is the counters' trigger's: analytics_messages_changed).
CREATE OR REPLACE FUNCTION "analytics_questions_changed"() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_ids UUID[];
  v_new UUID[] := '{}';
  v_old_id UUID[] := '{}'; v_old_conv UUID[] := '{}'; v_old_role TEXT[] := '{}'; v_old_content TEXT[] := '{}';
  v_old_answered BOOLEAN[] := '{}'; v_old_at TIMESTAMPTZ[] := '{}';
BEGIN
  IF current_setting('app.bulk_import', true) = 'on' THEN
    RETURN NULL;
  END IF;
  -- PL/pgSQL plans a statement when it first runs it: each branch names only its own transition tables.
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT "conversation_id"), array_agg("id"), array_agg("conversation_id"), array_agg("role"), array_agg("content"), array_agg("answered"), array_agg("created_at")
      INTO v_ids, v_old_id, v_old_conv, v_old_role, v_old_content, v_old_answered, v_old_at FROM old_rows;
  ELSE
    SELECT array_agg("id") INTO v_new FROM new_rows;
    SELECT array_agg(DISTINCT k) INTO v_ids FROM (SELECT "conversation_id" AS k FROM new_rows UNION ALL SELECT "conversation_id" FROM old_rows) r;
    SELECT array_agg("id"), array_agg("conversation_id"), array_agg("role"), array_agg("content"), array_agg("answered"), array_agg("created_at")
      INTO v_old_id, v_old_conv, v_old_role, v_old_content, v_old_answered, v_old_at FROM old_rows;
  END IF;
  PERFORM "analytics_questions_recount"(v_ids, v_new, v_old_id, v_old_conv, v_old_role, v_old_content, v_old_answered, v_old_at);
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "messages_analytics_questions_update" AFTER UPDATE ON "messages"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_questions_changed"();

CREATE OR REPLACE TRIGGER "messages_analytics_questions_delete" AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_questions_changed"();

-- A conversation moved to another chatbot or day takes its questions along; one deleted takes them away
-- before its messages go (BEFORE DELETE: the cascade then finds the conversation gone and counts nothing).
CREATE OR REPLACE FUNCTION "analytics_conversation_questions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('app.bulk_import', true) = 'on' OR NOT "analytics_counted"(CASE WHEN TG_OP = 'DELETE' THEN OLD."source" ELSE NEW."source" END) THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NULL END;
  END IF;
  IF TG_OP = 'DELETE' THEN
    -- A chatbot's hard delete: its rollups went with it.
    IF EXISTS (SELECT 1 FROM "chatbots" WHERE "id" = OLD."chatbot_id") THEN
      PERFORM "analytics_move_questions"(ARRAY[OLD."id"], -1);
    END IF;
    RETURN OLD;
  END IF;
  -- An update: the questions left the old key (counted with the old row's chatbot and day) and joined the new one.
  PERFORM "analytics_bump_questions"(array_agg(OLD."chatbot_id"), array_agg((OLD."created_at" AT TIME ZONE 'UTC')::date), array_agg(content), array_agg(answered), array_agg(-n))
     FROM (SELECT q."content",
                  coalesce((SELECT a."answered" FROM "messages" a
                             WHERE a."conversation_id" = q."conversation_id" AND a."role" = 'assistant' AND a."created_at" >= q."created_at"
                             ORDER BY a."created_at", a."id" LIMIT 1), false) AS answered, count(*)::int AS n
             FROM "messages" q WHERE q."conversation_id" = NEW."id" AND q."role" = 'user'
            GROUP BY 1, 2) g
   HAVING count(*) > 0;
  PERFORM "analytics_move_questions"(ARRAY[NEW."id"], 1);
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "conversations_analytics_questions_delete" BEFORE DELETE ON "conversations"
  FOR EACH ROW EXECUTE FUNCTION "analytics_conversation_questions"();

CREATE OR REPLACE TRIGGER "conversations_analytics_questions_update" AFTER UPDATE ON "conversations"
  FOR EACH ROW
  WHEN (OLD."chatbot_id" IS DISTINCT FROM NEW."chatbot_id"
        OR (OLD."created_at" AT TIME ZONE 'UTC')::date IS DISTINCT FROM (NEW."created_at" AT TIME ZONE 'UTC')::date)
  EXECUTE FUNCTION "analytics_conversation_questions"();

-- A bulk import (a data import, the volume benchmark) writes its rows with
-- `SET LOCAL app.bulk_import = on`, which turns every trigger of this file
-- off for its transaction, then calls analytics_rebuild for each chatbot it
-- wrote before it commits: every figure these triggers keep — the messages'
-- counters on their conversations, the daily rollups, the distinct counts, the breakdown, the questions —
-- is recomputed for the chatbot set-wise from its rows, with the same rules
-- as the triggers (about 1 s per 100,000 conversations instead of a trigger
-- call per row: docs/performance.md, "volume").
CREATE OR REPLACE FUNCTION "analytics_rebuild"(p_chatbot UUID) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_deferred TEXT := coalesce(current_setting('app.bulk_import', true), '');
BEGIN
  PERFORM set_config('app.bulk_import', 'on', true);
  UPDATE "conversations" c
     SET "message_count" = coalesce(m.m, 0), "question_count" = coalesce(m.q, 0), "answered_count" = coalesce(m.a, 0),
         "agent_count" = coalesce(m.g, 0), "escalation_count" = coalesce(e.n, 0), "channel_kind" = k.kind
    FROM "conversations" c2
    LEFT JOIN (SELECT "conversation_id", count(*)::int AS m,
                      count(*) FILTER (WHERE "role" = 'assistant' AND "answered" IS NOT NULL)::int AS q,
                      count(*) FILTER (WHERE "role" = 'assistant' AND "answered")::int AS a,
                      count(*) FILTER (WHERE "role" = 'agent')::int AS g
                 FROM "messages" WHERE "chatbot_id" = p_chatbot GROUP BY 1) m ON m."conversation_id" = c2."id"
    LEFT JOIN (SELECT "conversation_id", count(*)::int AS n FROM "escalations" WHERE "chatbot_id" = p_chatbot GROUP BY 1) e ON e."conversation_id" = c2."id"
    -- A channel conversation's kind from its visitor's channel, kept where that channel is gone.
    CROSS JOIN LATERAL (SELECT CASE WHEN c2."source" = 'channel' THEN coalesce("analytics_channel_kind_of"(c2."visitor_id"), c2."channel_kind") END AS kind) k
   WHERE c."id" = c2."id" AND c2."chatbot_id" = p_chatbot
     AND (c2."message_count", c2."question_count", c2."answered_count", c2."agent_count", c2."escalation_count", c2."channel_kind")
         IS DISTINCT FROM (coalesce(m.m, 0), coalesce(m.q, 0), coalesce(m.a, 0), coalesce(m.g, 0), coalesce(e.n, 0), k.kind);
  DELETE FROM "analytics_days" WHERE "chatbot_id" = p_chatbot;
  DELETE FROM "analytics_day_values" WHERE "chatbot_id" = p_chatbot;
  DELETE FROM "analytics_value_spans" WHERE "chatbot_id" = p_chatbot;
  DELETE FROM "analytics_presence" WHERE "chatbot_id" = p_chatbot;
  DELETE FROM "analytics_distinct_days" WHERE "chatbot_id" = p_chatbot;
  DELETE FROM "analytics_distinct_spans" WHERE "chatbot_id" = p_chatbot;
  DELETE FROM "analytics_breakdown" WHERE "chatbot_id" = p_chatbot;
  DELETE FROM "analytics_questions" WHERE "chatbot_id" = p_chatbot;

  INSERT INTO "analytics_days" ("chatbot_id", "day", "conversations", "classified", "negative", "messages", "questions", "answered", "positive_feedback", "negative_feedback")
  SELECT p_chatbot, day, sum(n)::int, sum(classified)::int, sum(negative)::int, sum(messages)::int, sum(questions)::int, sum(answered)::int, sum(pos)::int, sum(neg)::int
    FROM (SELECT ("created_at" AT TIME ZONE 'UTC')::date AS day, 1 AS n, ("sentiment" IS NOT NULL)::int AS classified,
                 coalesce(("sentiment" = 'negative')::int, 0) AS negative, "message_count" AS messages, "question_count" AS questions,
                 "answered_count" AS answered, 0 AS pos, 0 AS neg
            FROM "conversations" WHERE "chatbot_id" = p_chatbot AND "analytics_counted"("source")
          UNION ALL
          SELECT ("created_at" AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, ("rating" = 'positive')::int, ("rating" = 'negative')::int
            FROM "feedback" WHERE "chatbot_id" = p_chatbot) r
   GROUP BY day;
  INSERT INTO "analytics_day_values" ("chatbot_id", "kind", "day", "value", "count")
  SELECT p_chatbot, 'category', ("created_at" AT TIME ZONE 'UTC')::date, "category", count(*)::int
    FROM "conversations" WHERE "chatbot_id" = p_chatbot AND "analytics_counted"("source") AND "category" <> '' GROUP BY 3, 4
  UNION ALL
  SELECT p_chatbot, 'event', ("created_at" AT TIME ZONE 'UTC')::date, "value", count(*)::int
    FROM "widget_events" WHERE "chatbot_id" = p_chatbot AND "value" <> '' GROUP BY 3, 4;
  INSERT INTO "analytics_value_spans" ("chatbot_id", "kind", "grain", "start", "value", "count")
  SELECT p_chatbot, "kind", g.grain, "analytics_span_start"(g.grain, "day"), "value", sum("count")::int
    FROM "analytics_day_values" CROSS JOIN (VALUES ('month'), ('dekad')) g(grain)
   WHERE "chatbot_id" = p_chatbot
   GROUP BY 2, 3, 4, 5;

  INSERT INTO "analytics_presence" ("chatbot_id", "kind", "key", "dim", "day", "n")
  SELECT p_chatbot, 'country', c."visitor_id", "analytics_country_dim"(v."country_code", v."country"), (c."created_at" AT TIME ZONE 'UTC')::date, count(*)::int
    FROM "conversations" c JOIN "visitors" v ON v."id" = c."visitor_id"
   WHERE c."chatbot_id" = p_chatbot AND "analytics_counted"(c."source") AND coalesce(v."country_code", '') <> ''
   GROUP BY 3, 4, 5
  UNION ALL
  SELECT p_chatbot, 'lead', "visitor_id", '', ("created_at" AT TIME ZONE 'UTC')::date, count(*)::int
    FROM "contacts" WHERE "chatbot_id" = p_chatbot AND ("email" <> '' OR coalesce("phone", '') <> '')
   GROUP BY 3, 5
  UNION ALL
  SELECT p_chatbot, 'link', coalesce("conversation_id", "visitor_id", "id"),
         "link_id"::text || CASE WHEN "conversation_id" IS NULL THEN ':o' ELSE ':c' END, ("created_at" AT TIME ZONE 'UTC')::date, count(*)::int
    FROM "link_clicks" WHERE "chatbot_id" = p_chatbot
   GROUP BY 3, 4, 5;
  INSERT INTO "analytics_distinct_days" ("chatbot_id", "kind", "dim", "day", "prev_day", "count")
  SELECT p_chatbot, "kind", "dim", "day", "analytics_prev_day"(prev, "day"), count(*)::int
    FROM (SELECT "kind", "dim", "day", lag("day") OVER (PARTITION BY "kind", "key", "dim" ORDER BY "day") AS prev
            FROM "analytics_presence" WHERE "chatbot_id" = p_chatbot) p
   GROUP BY 2, 3, 4, 5;
  INSERT INTO "analytics_distinct_spans" ("chatbot_id", "kind", "grain", "start", "dim", "prev_day", "count")
  SELECT p_chatbot, "kind", g.grain, "analytics_span_start"(g.grain, "day"), "dim", "prev_day", sum("count")::int
    FROM "analytics_distinct_days" CROSS JOIN (VALUES ('month'), ('dekad')) g(grain)
   WHERE "chatbot_id" = p_chatbot
   GROUP BY 2, 3, 4, 5, 6;
  INSERT INTO "analytics_breakdown" ("chatbot_id", "day", "hour", "source", "conversations", "handed", "answered")
  SELECT p_chatbot, ("created_at" AT TIME ZONE 'UTC')::date, extract(hour FROM "created_at" AT TIME ZONE 'UTC')::int,
         "analytics_breakdown_source"("source", "channel_kind"), count(*)::int,
         count(*) FILTER (WHERE "analytics_handed"("status", "escalation_count", "agent_count"))::int,
         count(*) FILTER (WHERE NOT "analytics_handed"("status", "escalation_count", "agent_count") AND "answered_count" > 0)::int
    FROM "conversations" WHERE "chatbot_id" = p_chatbot AND "analytics_counted"("source")
   GROUP BY 2, 3, 4;
  INSERT INTO "analytics_questions" ("chatbot_id", "day", "text", "answered", "count")
  SELECT p_chatbot, (c."created_at" AT TIME ZONE 'UTC')::date, q."content",
         coalesce((SELECT a."answered" FROM "messages" a
                    WHERE a."conversation_id" = q."conversation_id" AND a."role" = 'assistant' AND a."created_at" >= q."created_at"
                    ORDER BY a."created_at", a."id" LIMIT 1), false), count(*)::int
    FROM "conversations" c JOIN "messages" q ON q."conversation_id" = c."id" AND q."role" = 'user'
   WHERE c."chatbot_id" = p_chatbot AND "analytics_counted"(c."source")
   GROUP BY 2, 3, 4;
  PERFORM set_config('app.bulk_import', v_deferred, true);
  PERFORM "analytics_touch"(p_chatbot);
END
$$;

-- The chatbot's links (their url and title are in the result) and its stored
-- insight themes are read by the analytics statement too: a change to either
-- is a new analytics version (docs/decisions/096-analytics-kept-while-unchanged.md).
CREATE OR REPLACE FUNCTION "analytics_inputs_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "analytics_touch"(OLD."chatbot_id"); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "analytics_touch"(NEW."chatbot_id"); END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "chatbot_links_analytics_version" AFTER INSERT OR UPDATE OR DELETE ON "chatbot_links"
  FOR EACH ROW EXECUTE FUNCTION "analytics_inputs_changed"();

CREATE OR REPLACE TRIGGER "insights_analytics_version" AFTER INSERT OR UPDATE OR DELETE ON "insights"
  FOR EACH ROW EXECUTE FUNCTION "analytics_inputs_changed"();
