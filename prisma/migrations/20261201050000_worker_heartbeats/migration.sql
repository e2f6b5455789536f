-- Issue 24 (docs/decisions/084-jobs-of-a-killed-worker.md): each running worker pool's heartbeat, so that the
-- jobs a killed one holds are unlocked by the sweep (kernel/jobs/heartbeat.ts) instead of after 4 hours.
CREATE TABLE "worker_heartbeats" (
    "worker_id" TEXT NOT NULL,
    "beat_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "worker_heartbeats_pkey" PRIMARY KEY ("worker_id")
);
