-- Issue 28: a chatbot's analytics version, bumped in every transaction that
-- changes what its analytics read (analytics_touch in
-- src/server/analytics/sql/rollups.sql), so the server can keep a result
-- while the version is unchanged
-- (docs/decisions/096-analytics-kept-while-unchanged.md).
CREATE TABLE "analytics_versions" (
    "id" BIGSERIAL NOT NULL,
    "chatbot_id" UUID NOT NULL,
    "n" BIGINT NOT NULL,

    CONSTRAINT "analytics_versions_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "analytics_versions_chatbot_id_idx" ON "analytics_versions"("chatbot_id");

ALTER TABLE "analytics_versions" ADD CONSTRAINT "analytics_versions_chatbot_id_fkey" FOREIGN KEY ("chatbot_id") REFERENCES "chatbots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
