-- Issue 28: analytics_day_values (categories, widget events) summed over
-- whole months and dekads like the distinct counts
-- (docs/decisions/089-analytics-distinct-spans.md). Kept by the value bumps
-- of src/server/analytics/sql/rollups.sql.
CREATE TABLE "analytics_value_spans" (
    "id" BIGSERIAL NOT NULL,
    "chatbot_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "grain" TEXT NOT NULL,
    "start" DATE NOT NULL,
    "value" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "analytics_value_spans_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "analytics_value_spans_chatbot_id_kind_grain_start_value_idx" ON "analytics_value_spans"("chatbot_id", "kind", "grain", "start", "value");

ALTER TABLE "analytics_value_spans" ADD CONSTRAINT "analytics_value_spans_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill from the daily rows (span starts as analytics_span_start computes them).
INSERT INTO "analytics_value_spans" ("chatbot_id", "kind", "grain", "start", "value", "count")
SELECT "chatbot_id", "kind", 'month', date_trunc('month', "day")::date, "value", sum("count")::int
  FROM "analytics_day_values" GROUP BY 1, 2, 4, 5
UNION ALL
SELECT "chatbot_id", "kind", 'dekad', date_trunc('month', "day")::date + least((extract(day FROM "day")::int - 1) / 10, 2) * 10, "value", sum("count")::int
  FROM "analytics_day_values" GROUP BY 1, 2, 4, 5;
