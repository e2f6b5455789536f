-- Issue 26: low-credit warnings e-mailed to a client's admins, at most once per level ("low", "out") per credit period.
-- The primary key is the claim: concurrent runs insert one row, and only the one that inserted it sends.
CREATE TABLE "credit_warning_mails" (
    "team_id" UUID NOT NULL,
    "period_started_at" TIMESTAMPTZ(6) NOT NULL,
    "level" TEXT NOT NULL,
    "remaining" INTEGER NOT NULL,
    "recipients" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "credit_warning_mails_pkey" PRIMARY KEY ("team_id","period_started_at","level")
);
