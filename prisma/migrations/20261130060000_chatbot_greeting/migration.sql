-- Issue 27: the widget's proactive greeting, `{message, delay_seconds}` (chatbots/greeting-rules.ts); null = none.
ALTER TABLE "chatbots" ADD COLUMN "greeting" JSONB;
