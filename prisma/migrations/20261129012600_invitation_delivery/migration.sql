-- Issue 26: every invitation is e-mailed and the list says whether it was
-- (when, or why not); one pending invitation per address and workspace.
ALTER TABLE "invitations" ADD COLUMN "mail_sent_at" TIMESTAMPTZ(6), ADD COLUMN "mail_error" TEXT;

-- Older duplicates of a still-open invitation are withdrawn: the newest stays.
UPDATE "invitations" i SET "revoked_at" = now()
 WHERE i."accepted_at" IS NULL AND i."revoked_at" IS NULL
   AND EXISTS (SELECT 1 FROM "invitations" n
                WHERE n."team_id" = i."team_id" AND lower(n."email") = lower(i."email")
                  AND n."accepted_at" IS NULL AND n."revoked_at" IS NULL
                  AND (n."created_at", n."id") > (i."created_at", i."id"));

CREATE UNIQUE INDEX "invitations_one_open_per_address" ON "invitations" ("team_id", "email")
 WHERE "accepted_at" IS NULL AND "revoked_at" IS NULL;
