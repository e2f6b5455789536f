-- Issue 26: the DNS TXT value an agency publishes to prove it controls its custom domain.
ALTER TABLE "teams" ADD COLUMN "custom_domain_token" TEXT;
