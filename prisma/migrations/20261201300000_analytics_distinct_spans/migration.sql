-- Issue 28: the distinct analytics counts of analytics_distinct_days summed
-- over whole calendar months and thirds of months ("dekads": days 1–10,
-- 11–20, 21–end), so a long period reads one row per span and dim instead of
-- one per day and dim (docs/decisions/089-analytics-distinct-spans.md).
-- Kept by the same triggers as the daily rows (src/server/analytics/sql/rollups.sql).
CREATE TABLE "analytics_distinct_spans" (
    "id" BIGSERIAL NOT NULL,
    "chatbot_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "grain" TEXT NOT NULL,
    "start" DATE NOT NULL,
    "dim" TEXT NOT NULL,
    "prev_day" DATE NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "analytics_distinct_spans_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "analytics_distinct_spans_chatbot_id_kind_grain_start_prev_day_idx" ON "analytics_distinct_spans"("chatbot_id", "kind", "grain", "start", "prev_day");

ALTER TABLE "analytics_distinct_spans" ADD CONSTRAINT "analytics_distinct_spans_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill from the daily rows (the span starts as analytics_span_start computes them).
INSERT INTO "analytics_distinct_spans" ("chatbot_id", "kind", "grain", "start", "dim", "prev_day", "count")
SELECT "chatbot_id", "kind", 'month', date_trunc('month', "day")::date, "dim", "prev_day", sum("count")::int
  FROM "analytics_distinct_days" GROUP BY 1, 2, 4, 5, 6 HAVING sum("count") <> 0
UNION ALL
SELECT "chatbot_id", "kind", 'dekad', date_trunc('month', "day")::date + least((extract(day FROM "day")::int - 1) / 10, 2) * 10, "dim", "prev_day", sum("count")::int
  FROM "analytics_distinct_days" GROUP BY 1, 2, 4, 5, 6 HAVING sum("count") <> 0;
