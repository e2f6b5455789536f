-- The messages' counter trigger (20261121120000_analytics), cheaper for the
-- common case: a statement whose messages all belong to one conversation
-- (every recorded turn) updates that conversation directly. The UPDATE locks
-- the row itself, and with a single row there is no order to keep, so the
-- separate ordered lock (which keeps multi-conversation statements from
-- deadlocking each other) is taken only for two or more conversations.
-- Measured with 2,000 two-message inserts into one conversation: the trigger
-- cost 0.24 ms per statement with the conversation rollup it fires, now 0.16
-- ms (docs/decisions.md, "REST read path performance", fourth pass). The
-- counters and sums are unchanged.
CREATE OR REPLACE FUNCTION "analytics_messages_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF cardinality(v_ids) = 1 THEN
    UPDATE "conversations" c
       SET "message_count" = c."message_count" + v_messages[1],
           "question_count" = c."question_count" + v_questions[1],
           "answered_count" = c."answered_count" + v_answered[1]
     WHERE c."id" = v_ids[1];
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
