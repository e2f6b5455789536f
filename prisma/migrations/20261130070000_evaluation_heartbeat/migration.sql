-- Issue 22 (docs/decisions/080-evaluation-sweep.md): a running evaluation beats its heart; one whose heart
-- stopped (its worker died) is queued again by the `sweep_evaluations` job.
ALTER TABLE "evaluations" ADD COLUMN "heartbeat_at" TIMESTAMPTZ(6);
