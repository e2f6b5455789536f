import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { freePort, makeReachable, type EmbeddedServer } from "@/server/kernel/db/embedded";

/**
 * A PostgreSQL server from an installed distribution's binaries (Debian's
 * `postgresql-NN` package: /usr/lib/postgresql/NN/bin), for what the embedded
 * server cannot do: run an older major version (the contract tests on the
 * oldest supported one) and stream to a replica (`pg_basebackup`, which the
 * embedded package does not ship). See docs/decisions/126-reads-from-replicas.md.
 *
 * PostgreSQL refuses to run as root: as root, every command runs as the
 * `postgres` OS user (the Debian package creates it), who owns the data folder.
 * Authentication is `trust` on 127.0.0.1 only, and there is no Unix socket.
 */
export interface SystemServer extends EmbeddedServer {
  dataDir: string;
  bin: string;
}

const USER = "postgres";

/** The newest installed `/usr/lib/postgresql/NN/bin` that has `pg_basebackup` (or `want`), or null. */
export function installedPostgresBin(want?: number): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).map(Number).filter((v) => Number.isInteger(v) && (want === undefined || v === want)).sort((a, b) => b - a);
  const found = versions.map((v) => path.join(root, String(v), "bin")).find((bin) => existsSync(path.join(bin, "pg_basebackup")));
  return found ?? null;
}

const asRoot = () => process.getuid?.() === 0;

function run(bin: string, tool: string, args: string[]): string {
  const command = asRoot() ? ["runuser", ["-u", USER, "--", path.join(bin, tool), ...args]] as const : [path.join(bin, tool), args] as const;
  try {
    return execFileSync(command[0], command[1], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    const e = error as { stderr?: string; stdout?: string };
    throw new Error(`${tool} ${args.join(" ")} failed:\n${e.stderr ?? ""}${e.stdout ?? ""}`, { cause: error });
  }
}

/** A folder the server's OS user owns (created when missing). */
function ownedFolder(dir: string) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  makeReachable(path.dirname(dir));
  giveToServer(dir);
}

/** As root: hands a file or folder to the server's OS user. */
function giveToServer(file: string) {
  if (!asRoot()) return;
  const id = (flag: string) => Number(execFileSync("id", [flag, USER], { encoding: "utf8" }).trim());
  chownSync(file, id("-u"), id("-g"));
}

export interface StartOptions {
  bin: string;
  dataDir: string;
  port?: number;
  /** Throw-away data (tests): no fsync. */
  ephemeral?: boolean;
  /** A replica of this server (its `pg_basebackup -R` copy), instead of a new cluster. */
  replicaOf?: { port: number };
}

/** Initialises (or copies from a primary) and starts a server; resolves once it accepts connections. */
export async function startSystemPostgres(opts: StartOptions): Promise<SystemServer> {
  const dataDir = path.resolve(opts.dataDir);
  const port = opts.port ?? (await freePort());
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    ownedFolder(dataDir);
    if (opts.replicaOf) {
      // -R: standby.signal + primary_conninfo, the copy starts as a streaming replica; -c fast: no wait for a checkpoint.
      run(opts.bin, "pg_basebackup", ["-h", "127.0.0.1", "-p", String(opts.replicaOf.port), "-U", USER, "-D", dataDir, "-R", "-X", "stream", "-c", "fast"]);
    } else {
      run(opts.bin, "initdb", ["-D", dataDir, "-U", USER, "--auth=trust", "--encoding=UTF8", "--locale=C"]);
    }
  }
  const settings = [
    `port=${port}`,
    "listen_addresses='127.0.0.1'",
    "unix_socket_directories=''",
    "max_connections=300",
    "wal_level=replica",
    "hot_standby_feedback=on",
    // Whole statements in pg_stat_activity (the default keeps 1 kB): what a replica is answering can be seen.
    "track_activity_query_size=16384",
    ...(opts.ephemeral ? ["fsync=off", "synchronous_commit=off", "full_page_writes=off"] : []),
  ];
  // The settings in the data folder (not on the command line): `pg_basebackup` copies them to a replica, which overrides the port.
  const conf = path.join(dataDir, "postgresql.auto.conf");
  writeFileSync(conf, `${settings.join("\n")}\n${replicaConninfo(dataDir)}`);
  giveToServer(conf);
  const logFile = path.join(dataDir, "server.log");
  run(opts.bin, "pg_ctl", ["-D", dataDir, "-l", logFile, "-w", "-t", "60", "start"]);
  const pid = Number(run(opts.bin, "pg_ctl", ["-D", dataDir, "status"]).match(/PID: (\d+)/)?.[1] ?? 0);
  return {
    port,
    pid,
    dataDir,
    bin: opts.bin,
    url: (database = "postgres") => `postgresql://${USER}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      if (!existsSync(path.join(dataDir, "postmaster.pid"))) return;
      run(opts.bin, "pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]);
    },
  };
}

/** The `primary_conninfo` line `pg_basebackup -R` wrote into postgresql.auto.conf, kept when the file is rewritten. */
function replicaConninfo(dataDir: string): string {
  const file = path.join(dataDir, "postgresql.auto.conf");
  if (!existsSync(path.join(dataDir, "standby.signal")) || !existsSync(file)) return "";
  return readFileSync(file, "utf8").split("\n").filter((line) => line.startsWith("primary_conninfo")).join("\n") + "\n";
}
