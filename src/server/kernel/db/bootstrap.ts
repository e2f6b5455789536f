import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "@/server/kernel/db/embedded";
import { superviseEmbeddedPostgres } from "@/server/kernel/db/supervise";
import { env } from "@/server/kernel/env";

export const APP_DATABASE = "agency";

export interface DatabaseHandle {
  url: string;
  embedded: boolean;
  /** Stops the embedded server if this process started it. */
  stop(): Promise<void>;
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function ensureDatabase(adminUrl: string, name: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!exists.rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/**
 * The database to use: `DATABASE_URL` when set; otherwise the embedded
 * PostgreSQL under `DATA_DIR/postgres`, started here unless another process of
 * ours (e.g. `npm start`) is already running it, in which case we connect to
 * that one.
 */
export async function openDatabase(
  opts: {
    log?: (line: string) => void;
    /** `npm start`: restart the embedded server when it dies (kernel/db/supervise.ts); `onGiveUp` when that keeps failing. */
    supervise?: { log: (line: string) => void; onGiveUp: (error: Error) => void };
  } = {},
): Promise<DatabaseHandle> {
  const { DATABASE_URL, DATA_DIR, EMBEDDED_PG_PORT } = env();
  if (DATABASE_URL) return { url: DATABASE_URL, embedded: false, stop: async () => undefined };

  const dataDir = path.resolve(DATA_DIR, "postgres");
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (existsSync(pidFile)) {
    const port = Number(readFileSync(pidFile, "utf8").split("\n")[3]);
    const url = `postgresql://postgres:postgres@127.0.0.1:${port}/${APP_DATABASE}`;
    if (port && (await canConnect(url))) return { url, embedded: true, stop: async () => undefined };
  }
  const server = await startEmbeddedPostgres({ dataDir, port: EMBEDDED_PG_PORT, log: opts.log });
  await ensureDatabase(server.url(), APP_DATABASE);
  if (!opts.supervise) return { url: server.url(APP_DATABASE), embedded: true, stop: () => server.stop() };
  const supervised = superviseEmbeddedPostgres(server, () => startEmbeddedPostgres({ dataDir, port: server.port, log: opts.log }), opts.supervise);
  return { url: server.url(APP_DATABASE), embedded: true, stop: () => supervised.stop() };
}
