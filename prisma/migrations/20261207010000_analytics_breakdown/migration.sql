-- The value report's breakdown (src/server/analytics/breakdown.ts) read from a rollup instead of the
-- period's conversations (docs/decisions/143-the-report-breakdown-rolled-up.md). Kept by
-- src/server/analytics/sql/rollups.sql like the other analytics rollups.

-- What makes a conversation "handed to a person" besides its status, on its own row: its agent messages
-- (kept with the other message counters) and its escalations; and the kind of the channel a channel
-- conversation came from (its visitor's channel; null: none).
ALTER TABLE "conversations" ADD COLUMN "agent_count" INTEGER NOT NULL DEFAULT 0,
                            ADD COLUMN "escalation_count" INTEGER NOT NULL DEFAULT 0,
                            ADD COLUMN "channel_kind" TEXT;

-- Per chatbot, UTC day and hour of the start, and surface: conversations, those a person was asked for or
-- took part in, and those the bot answered alone. A key may have several rows (writers never wait on each
-- other's row): its figures are their sums.
CREATE TABLE "analytics_breakdown" (
    "id" BIGSERIAL NOT NULL,
    "chatbot_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "hour" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "conversations" INTEGER NOT NULL DEFAULT 0,
    "handed" INTEGER NOT NULL DEFAULT 0,
    "answered" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "analytics_breakdown_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "analytics_breakdown_chatbot_id_day_hour_source_idx" ON "analytics_breakdown"("chatbot_id", "day", "hour", "source");

ALTER TABLE "analytics_breakdown" ADD CONSTRAINT "analytics_breakdown_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill, by the rules of rollups.sql (analytics_rebuild, analytics_channel_kind_of, analytics_counted) as
-- they stand at this migration.
UPDATE "conversations" c
   SET "agent_count" = coalesce(m.n, 0), "escalation_count" = coalesce(e.n, 0), "channel_kind" = k.kind
  FROM "conversations" c2
  LEFT JOIN (SELECT "conversation_id", count(*)::int AS n FROM "messages" WHERE "role" = 'agent' GROUP BY 1) m ON m."conversation_id" = c2."id"
  LEFT JOIN (SELECT "conversation_id", count(*)::int AS n FROM "escalations" GROUP BY 1) e ON e."conversation_id" = c2."id"
  LEFT JOIN (SELECT v."id", ch."kind" FROM "visitors" v JOIN "channels" ch ON ch."chatbot_id" = v."chatbot_id" AND ch."id"::text = split_part(v."visitor_key", ':', 2)
              WHERE v."visitor_key" LIKE 'channel:%') k ON k."id" = c2."visitor_id" AND c2."source" = 'channel'
 WHERE c."id" = c2."id" AND (m.n IS NOT NULL OR e.n IS NOT NULL OR k.kind IS NOT NULL);

INSERT INTO "analytics_breakdown" ("chatbot_id", "day", "hour", "source", "conversations", "handed", "answered")
SELECT "chatbot_id", day, hour, source, count(*)::int, count(*) FILTER (WHERE person)::int, count(*) FILTER (WHERE NOT person AND "answered_count" > 0)::int
  FROM (SELECT "chatbot_id", ("created_at" AT TIME ZONE 'UTC')::date AS day, extract(hour FROM "created_at" AT TIME ZONE 'UTC')::int AS hour,
               CASE WHEN "source" = 'channel' THEN coalesce("channel_kind", "source") ELSE "source" END AS source,
               ("status" <> 'bot' OR "escalation_count" > 0 OR "agent_count" > 0) AS person, "answered_count"
          FROM "conversations" WHERE "source" <> 'playground') c
 GROUP BY 1, 2, 3, 4;

-- The visitor questions of the conversations started each UTC day (src/server/analytics/period-questions.ts),
-- by text and whether the first reply after each was answered. Keyed by the text's md5 in the index (a
-- question may be longer than an index entry); a key's count is the sum of its rows.
CREATE TABLE "analytics_questions" (
    "id" BIGSERIAL NOT NULL,
    "chatbot_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "text" TEXT NOT NULL,
    "answered" BOOLEAN NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "analytics_questions_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "analytics_questions_chatbot_id_day_text_idx" ON "analytics_questions"("chatbot_id", "day", md5("text"));

ALTER TABLE "analytics_questions" ADD CONSTRAINT "analytics_questions_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill, by the rule of rollups.sql (analytics_rebuild).
INSERT INTO "analytics_questions" ("chatbot_id", "day", "text", "answered", "count")
SELECT c."chatbot_id", (c."created_at" AT TIME ZONE 'UTC')::date, q."content", coalesce(r."answered", false), count(*)::int
  FROM "conversations" c
  JOIN "messages" q ON q."conversation_id" = c."id" AND q."role" = 'user' AND c."source" <> 'playground'
  LEFT JOIN LATERAL (
    SELECT a."answered" FROM "messages" a
     WHERE a."conversation_id" = q."conversation_id" AND a."role" = 'assistant' AND a."created_at" >= q."created_at"
     ORDER BY a."created_at", a."id" LIMIT 1
  ) r ON true
 GROUP BY 1, 2, 3, 4;
