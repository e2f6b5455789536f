-- Issue 24, docs/decisions/083-channel-answers-once-across-a-crash.md: a channel's turn is keyed by the
-- provider's event, written with the turn (a retried answer job finds it and answers nothing again), and
-- the event remembers when its reply left (a retried answer job sends nothing again).
ALTER TABLE "messages" ADD COLUMN "turn_key" TEXT;
-- Only channel messages carry a key: a partial index, nothing added to the other surfaces' inserts.
CREATE UNIQUE INDEX "messages_turn_key_key" ON "messages" ("chatbot_id", "turn_key", "role") WHERE "turn_key" IS NOT NULL;

ALTER TABLE "channel_events" ADD COLUMN "replied_at" TIMESTAMPTZ(6);
