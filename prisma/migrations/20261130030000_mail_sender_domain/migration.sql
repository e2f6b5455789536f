-- Issue 26: when the agency's custom domain also publishes the platform's DKIM key, e-mails go From that domain.
ALTER TABLE "teams" ADD COLUMN "mail_sender_verified_at" TIMESTAMPTZ(6);
