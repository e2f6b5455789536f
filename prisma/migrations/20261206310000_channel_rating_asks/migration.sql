-- A chat of Telegram, WhatsApp or Slack was asked to rate its resolved conversation
-- (docs/decisions/130-ratings-on-the-channels.md): while it is, a plain "1".."5" is the rating.
ALTER TABLE "channel_chats" ADD COLUMN "rating_asked_at" TIMESTAMPTZ(6);
