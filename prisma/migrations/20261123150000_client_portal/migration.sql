-- The client portal (issue 13): sign out everywhere, password reset by
-- e-mail, revocable invitations, archived workspaces, a low-credit alert per
-- client and the agency's brand for its white-label portal.

-- JWT sessions issued before this instant are no longer accepted.
ALTER TABLE "users" ADD COLUMN "sessions_valid_after" TIMESTAMPTZ(6);

-- A revoked invitation link stops working.
ALTER TABLE "invitations" ADD COLUMN "revoked_at" TIMESTAMPTZ(6);

-- Single-use, expiring password reset links; only a hash of the token is kept.
CREATE TABLE "password_reset_tokens" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "used_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "password_reset_tokens_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "password_reset_tokens_token_hash_key" ON "password_reset_tokens"("token_hash");
CREATE INDEX "password_reset_tokens_user_id_idx" ON "password_reset_tokens"("user_id");
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Archived client workspaces (not a contract status): hidden from lists unless asked, agents stop answering.
ALTER TABLE "teams" ADD COLUMN "archived_at" TIMESTAMPTZ(6);
-- Low-credit alert: remaining credits at or below the threshold alert the agency once per episode.
ALTER TABLE "teams" ADD COLUMN "low_credit_threshold" INTEGER;
ALTER TABLE "teams" ADD COLUMN "low_credit_alerted_at" TIMESTAMPTZ(6);
-- The agency's brand, shown on its verified custom domain.
ALTER TABLE "teams" ADD COLUMN "brand_name" TEXT;
ALTER TABLE "teams" ADD COLUMN "brand_logo_url" TEXT;
ALTER TABLE "teams" ADD COLUMN "brand_accent_color" TEXT;
ALTER TABLE "teams" ADD COLUMN "brand_support_email" TEXT;
