import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { Logger, runMigrations as runQueueMigrations } from "graphile-worker";
import pg from "pg";
import { applyCurrentState } from "@/server/kernel/db/current-state";

/**
 * Applies prisma/migrations/<name>/migration.sql in name order. Prisma's own
 * `migrate deploy` needs a native schema engine we cannot download, so this
 * runner does the same job: one advisory lock across processes, one
 * transaction per file, and a `_prisma_migrations` table in Prisma's format
 * (so `prisma migrate deploy` also works where the engine exists). After
 * the migrations it re-applies the current-state SQL files (functions and
 * triggers: kernel/db/current-state.ts), which `prisma migrate deploy` does not.
 */
export const MIGRATIONS_DIR = path.resolve(process.cwd(), "prisma/migrations");
const LOCK_KEY = 72707369; // the same key Prisma uses for its migration lock

const silentLogger = new Logger(() => () => undefined);

export interface MigrationResult {
  applied: string[];
  skipped: string[];
}

export function listMigrations(dir = MIGRATIONS_DIR) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/**
 * Migrations are forward-only: one that was applied and then edited would
 * leave this database on the old SQL while the code expects the new one, so
 * it refuses to go on, naming the file. Fix: restore the file and put the
 * change in a new migration.
 */
export function assertUnchanged(migrations: { name: string; checksum: string }[], applied: Map<string, string>) {
  const edited = migrations.filter((m) => applied.has(m.name) && applied.get(m.name) !== m.checksum);
  if (!edited.length) return;
  const names = edited.map((m) => m.name).join(", ");
  throw new MigrationChecksumError(
    `Migration ${names} was changed after it was applied to this database (its checksum differs from the one recorded in _prisma_migrations). ` +
      "Migrations are forward-only: restore the applied file and put the change in a new migration.",
  );
}

export class MigrationChecksumError extends Error {
  override name = "MigrationChecksumError";
}

export async function migrate(connectionString: string, opts: { dir?: string; log?: (m: string) => void; queue?: boolean } = {}): Promise<MigrationResult> {
  // The job queue's own schema first: our SQL (e.g. the outbox trigger) enqueues jobs through it.
  if (opts.queue !== false) await runQueueMigrations({ connectionString, logger: silentLogger });
  const client = new pg.Client({ connectionString });
  await client.connect();
  const result: MigrationResult = { applied: [], skipped: [] };
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0
    )`);
    const done = await client.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const applied = new Map(done.rows.map((r) => [r.migration_name, r.checksum]));
    const migrations = listMigrations(opts.dir);
    // Before applying anything: a database that ran other SQL under the same name stops the start.
    assertUnchanged(migrations, applied);
    for (const m of migrations) {
      if (applied.has(m.name)) {
        result.skipped.push(m.name);
        continue;
      }
      const id = randomUUID();
      await client.query("BEGIN");
      try {
        await client.query(m.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)`,
          [id, m.checksum, m.name],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${m.name} failed: ${(error as Error).message}`, { cause: error });
      }
      opts.log?.(`applied ${m.name}`);
      result.applied.push(m.name);
    }
    // The functions, triggers and views in their current form belong to our own schema, not to a
    // test's migration folder.
    if (opts.dir === undefined) await applyCurrentState(client);
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
  return result;
}
