import { poolOf, type Db } from "@/server/kernel/db/client";

/** Rows per deleting statement: each batch is its own short transaction (docs/decisions/124-retention-and-a-persons-data.md). */
export const BATCH_ROWS = 5_000;

/**
 * Runs one deleting statement in a short transaction of its own with the analytics rollups kept as they are
 * (`app.analytics_kept`: analytics/sql/rollups.sql) and a lock timeout, so that a purge never holds a row
 * an answer waits on for long; returns how many rows it deleted.
 */
export async function deleteBatch(db: Db, sql: string, values: unknown[]): Promise<number> {
  const client = await poolOf(db).connect();
  try {
    await client.query("BEGIN");
    await client.query("SET LOCAL app.analytics_kept = on");
    await client.query("SET LOCAL lock_timeout = '5s'");
    const { rowCount } = await client.query(sql, values);
    await client.query("COMMIT");
    return rowCount ?? 0;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Repeats a batch until one deletes fewer rows than a full batch; the total deleted. */
export async function deleteInBatches(db: Db, sql: string, values: unknown[], batchRows = BATCH_ROWS): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch(db, sql, [...values, batchRows]);
    total += deleted;
    if (deleted < batchRows) return total;
  }
}
