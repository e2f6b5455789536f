-- The value report (docs/decisions/113-the-value-report.md, 114-reports-sent-once.md).

-- Per client workspace: what an answered conversation is worth and when its report goes out. No row: the defaults.
CREATE TABLE "client_report_settings" (
    "team_id" UUID NOT NULL,
    "minutes_per_conversation" INTEGER NOT NULL DEFAULT 4,
    "hourly_rate" DECIMAL(12,2),
    "currency" TEXT,
    "frequency" TEXT NOT NULL DEFAULT 'monthly',
    "day_of_month" INTEGER NOT NULL DEFAULT 1,
    "weekday" INTEGER NOT NULL DEFAULT 1,
    "extra_recipients" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "client_report_settings_pkey" PRIMARY KEY ("team_id"),
    CONSTRAINT "client_report_settings_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- One row per client and period: the claim that sends its e-mail once, the send's state, and what was sent.
CREATE TABLE "client_reports" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "team_id" UUID NOT NULL,
    "period" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "claimed_by_job" TEXT,
    "lease_until" TIMESTAMPTZ(6),
    "deliveries" JSONB NOT NULL DEFAULT '[]',
    "snapshot" JSONB,
    "requested_by" TEXT NOT NULL DEFAULT 'schedule',
    "sent_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "client_reports_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "client_reports_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE UNIQUE INDEX "client_reports_team_id_period_key" ON "client_reports"("team_id", "period");
CREATE INDEX "client_reports_team_id_sent_at_idx" ON "client_reports"("team_id", "sent_at");
