-- Distinct counts of the analytics result kept in the writing transaction
-- (issue 28, docs/decisions/065-analytics-distinct-rollups.md): visitors per
-- country, leads, unique link clicks and the conversations per link are
-- distinct counts over the period, so a per-day sum cannot give them. Two
-- tables give them exactly from a bounded number of rows:
--
--   analytics_presence        per (chatbot, kind, key, dim, day): how many
--                             rows make the key present that day (a visitor's
--                             conversations, a lead's contacts, a clicker's
--                             clicks on a link). Written, never read by analytics.
--   analytics_distinct_days   per (chatbot, kind, dim, day, prev_day): keys
--                             present on `day` whose previous day of presence
--                             is `prev_day` ('-infinity': none in the 365 days
--                             before). The keys present in [a, b] are counted
--                             once, on their first day in it: the rows of
--                             days in [a, b] with prev_day < a.
--
-- Like analytics_days, a key of analytics_distinct_days may have several rows
-- (writers never queue on one) and its figure is their sum.

CREATE TABLE "analytics_presence" (
    "chatbot_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "key" UUID NOT NULL,
    "dim" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "n" INTEGER NOT NULL,

    CONSTRAINT "analytics_presence_pkey" PRIMARY KEY ("chatbot_id", "kind", "key", "dim", "day")
);

CREATE TABLE "analytics_distinct_days" (
    "id" BIGSERIAL NOT NULL,
    "chatbot_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "dim" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "prev_day" DATE NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "analytics_distinct_days_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "analytics_distinct_days_chatbot_id_kind_day_prev_day_idx" ON "analytics_distinct_days"("chatbot_id", "kind", "day", "prev_day");

ALTER TABLE "analytics_presence" ADD CONSTRAINT "analytics_presence_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "analytics_distinct_days" ADD CONSTRAINT "analytics_distinct_days_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill from the rows stored before (the same rules as the triggers of
-- src/server/analytics/sql/rollups.sql, set-wise).
INSERT INTO "analytics_presence" ("chatbot_id", "kind", "key", "dim", "day", "n")
SELECT c."chatbot_id", 'country', c."visitor_id", upper(v."country_code") || coalesce(E'\t' || v."country", ''),
       (c."created_at" AT TIME ZONE 'UTC')::date, count(*)::int
  FROM "conversations" c JOIN "visitors" v ON v."id" = c."visitor_id"
 WHERE coalesce(v."country_code", '') <> ''
 GROUP BY 1, 3, 4, 5
UNION ALL
SELECT "chatbot_id", 'lead', "visitor_id", '', ("created_at" AT TIME ZONE 'UTC')::date, count(*)::int
  FROM "contacts" WHERE "email" <> '' OR coalesce("phone", '') <> ''
 GROUP BY 1, 3, 5
UNION ALL
SELECT "chatbot_id", 'link', coalesce("conversation_id", "visitor_id", "id"),
       "link_id"::text || CASE WHEN "conversation_id" IS NULL THEN ':o' ELSE ':c' END, ("created_at" AT TIME ZONE 'UTC')::date, count(*)::int
  FROM "link_clicks"
 GROUP BY 1, 3, 4, 5;

INSERT INTO "analytics_distinct_days" ("chatbot_id", "kind", "dim", "day", "prev_day", "count")
SELECT "chatbot_id", "kind", "dim", "day",
       CASE WHEN prev IS NULL OR prev < "day" - 365 THEN '-infinity'::date ELSE prev END, count(*)::int
  FROM (SELECT "chatbot_id", "kind", "dim", "day", lag("day") OVER (PARTITION BY "chatbot_id", "kind", "key", "dim" ORDER BY "day") AS prev
          FROM "analytics_presence") p
 GROUP BY 1, 2, 3, 4, 5;
