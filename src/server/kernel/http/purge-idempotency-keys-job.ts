import { job } from "@/server/kernel/jobs/registry";

/** Idempotency keys are kept 30 days (docs/decisions/005-idempotency-keys.md), then purged. */
export const IDEMPOTENCY_KEY_RETENTION_DAYS = 30;

export const purgeIdempotencyKeysJob = job("purge_idempotency_keys", async (_db, _payload, helpers) => {
  const { rowCount } = await helpers.query(
    `DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(days => $1)`,
    [IDEMPOTENCY_KEY_RETENTION_DAYS],
  );
  helpers.logger.info(`purged ${rowCount ?? 0} idempotency keys older than ${IDEMPOTENCY_KEY_RETENTION_DAYS} days`);
});
