-- The chatbot's contacts, counted beside its conversations (issue 28): the
-- contacts list's `total` read from the inbox counts instead of counting
-- every contact of the chatbot on each page. Kept by the statement triggers
-- of src/server/conversations/sql/inbox-counts.sql; a chatbot's figure is the
-- sum of its rows, as for the other counts.
ALTER TABLE "chatbot_inbox_counts" ADD COLUMN "contacts" INTEGER NOT NULL DEFAULT 0;

INSERT INTO "chatbot_inbox_counts" ("chatbot_id", "contacts")
SELECT "chatbot_id", count(*)::int FROM "contacts" GROUP BY 1;
