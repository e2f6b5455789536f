import pg from "pg";
import { runOnce, type RunnerOptions } from "graphile-worker";

/**
 * graphile-worker's `runOnce` on a pool the test owns, ended before this returns. Given a connection string,
 * `runOnce` makes its own pool and may still be closing its client when the test database is dropped at teardown:
 * PostgreSQL's "terminating connection" then reached a client with no error handler and failed the run.
 */
export async function runQueueOnce(url: string, options: Omit<RunnerOptions, "connectionString" | "pgPool">): Promise<void> {
  const pool = new pg.Pool({ connectionString: url });
  pool.on("error", () => undefined);
  try {
    await runOnce({ ...options, pgPool: pool });
  } finally {
    await pool.end();
  }
}
