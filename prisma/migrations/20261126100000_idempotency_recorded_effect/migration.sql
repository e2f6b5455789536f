-- Issue 20: an idempotent request whose effect cannot commit in one transaction
-- with its stored response (a chat answer waits on an LLM) writes the id of
-- what it made (the answer's message id) here, in the transaction of that
-- effect. A retry after a crash between the effect and the stored response
-- finds it and answers with it instead of producing a second one.
ALTER TABLE "idempotency_keys" ADD COLUMN "recorded_effect" TEXT;
