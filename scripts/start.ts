/**
 * `npm start`: the whole product in one command. Embedded PostgreSQL (unless
 * DATABASE_URL is set), migrations, demo data on first start, then the Next
 * server (UI + tRPC + REST) and the background workers. Ctrl-C stops
 * everything cleanly. Production runs it compiled (dist/start.mjs, after
 * scripts/launch.mjs built what changed); `npm run dev` through tsx.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createApiToken } from "@/server/access";
import { openDatabase } from "@/server/kernel/db/bootstrap";
import { createPrismaClient } from "@/server/kernel/db/client";
import { migrate } from "@/server/kernel/db/migrate";
import { DEMO_OWNER, isDatabaseEmpty, seedDemoData } from "@/server/demo/seed";
import { env, EnvError } from "@/server/kernel/env";
import { loadTokenCounter } from "@/server/training";
import { startWorkers, workersShuttingDown } from "@/server/transport/workers";
import { compiledFile, runningCompiled } from "@/server/kernel/lib/compiled-runtime.mjs";

const dev = process.argv.includes("--dev");
const started = Date.now();
const log = (m: string) => console.log(`[start] ${m}`);

let config: ReturnType<typeof env>;
try {
  config = env();
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// The embedded PostgreSQL is restarted when it dies; when it cannot be, the whole product stops (non-zero).
const database = await openDatabase({
  supervise: {
    log,
    onGiveUp: (error) => {
      console.error(`[start] embedded PostgreSQL could not be restarted: ${error.message}`);
      void shutdown(1);
    },
  },
});
log(`database: ${database.embedded ? `embedded PostgreSQL (${path.resolve(config.DATA_DIR, "postgres")})` : "DATABASE_URL"}`);
// Nothing this process started outlives it, even killed (SIGKILL runs no handler): the web server watches its
// IPC channel to this process (scripts/serve.ts), and a watchdog stops the embedded PostgreSQL when its own
// channel closes (scripts/lib/postgres-watchdog.mjs).
if (database.embedded) {
  const watchdog = spawn(process.execPath, [path.resolve("scripts/lib/postgres-watchdog.mjs"), path.resolve(config.DATA_DIR, "postgres")], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
  watchdog.unref();
  watchdog.channel?.unref();
}
const children: ChildProcess[] = [];
let stopping = false;
let workers: Awaited<ReturnType<typeof startWorkers>> | undefined;

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  workersShuttingDown();
  log("stopping…");
  for (const child of children) child.kill("SIGTERM");
  await Promise.race([Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once("exit", r))))), sleep(10_000)]);
  await workers?.stop().catch(() => undefined);
  await database.stop().catch(() => undefined);
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}

try {
  const result = await migrate(database.url);
  log(`migrations: ${result.applied.length} applied, ${result.skipped.length} up to date`);

  const tokenFile = path.resolve(config.DATA_DIR, "demo-token");
  const db = createPrismaClient(database.url);
  if (config.SEED_DEMO_DATA && (await isDatabaseEmpty(db))) {
    const t0 = Date.now();
    const { ownerId } = await seedDemoData(db);
    const { token } = await createApiToken(db, ownerId, "Demo token");
    mkdirSync(path.dirname(tokenFile), { recursive: true });
    writeFileSync(tokenFile, token, { mode: 0o600 });
    log(`demo data created in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  await db.$disconnect();

  const childEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    NEXTAUTH_SECRET: config.NEXTAUTH_SECRET,
    NEXTAUTH_URL: config.APP_URL,
    APP_URL: config.APP_URL,
    NEXT_TELEMETRY_DISABLED: "1",
  };

  // scripts/serve.ts: Next behind a thin Node server that answers what Next cannot as JSON. Compiled
  // (dist/serve.mjs, built by scripts/launch.mjs) in production; through tsx with `npm run dev`.
  const serveEntry = runningCompiled() ? [compiledFile("serve")] : ["--import", "tsx", path.resolve("scripts/serve.ts")];
  const serveArgs = [...serveEntry, ...(dev ? ["--dev"] : []), "-p", String(config.PORT), "-H", config.HOST];
  const server = spawn(process.execPath, serveArgs, {
    // The IPC channel: the web server stops when it closes, i.e. when this process ends however it ends.
    stdio: ["ignore", "pipe", "inherit", "ipc"],
    env: { ...childEnv, NODE_ENV: dev ? "development" : "production" },
  });
  children.push(server);
  server.stdout?.on("data", (chunk: Buffer) => {
    if (config.LOG_LEVEL === "debug") process.stdout.write(chunk);
  });
  server.on("exit", (code) => {
    if (!stopping) {
      console.error(`[start] the web server exited (${code}); stopping.`);
      void shutdown(code ?? 1);
    }
  });

  if (config.WORKERS_ENABLED) {
    workers = await startWorkers(database.url);
    // Chunking's tokenizer takes ~1 s to load, once per process: while the web server starts, rather than in
    // front of the first crawl.
    void loadTokenCounter();
    // The runner rides out a database restart by itself; if it ever ends, no job runs any more: stop, non-zero.
    const workersEnded = (how: string) => {
      if (stopping) return;
      console.error(`[start] the workers ${how}; stopping.`);
      void shutdown(1);
    };
    void workers.promise.then(
      () => workersEnded("stopped"),
      (error: Error) => workersEnded(`failed (${error.message})`),
    );
  }

  const health = `http://127.0.0.1:${config.PORT}/api/health`;
  for (let i = 0; ; i++) {
    const ok = await fetch(health).then((r) => r.ok, () => false);
    if (ok) break;
    if (i > 600) throw new Error(`the web server did not answer ${health}`);
    await sleep(250);
  }

  const demoToken = existsSync(tokenFile) ? readFileSync(tokenFile, "utf8").trim() : undefined;
  console.log(`
  Agency Chatbot Platform is running (${((Date.now() - started) / 1000).toFixed(1)} s)

    URL         ${config.APP_URL}
    Login       ${DEMO_OWNER.email} / ${DEMO_OWNER.password}
    API token   ${demoToken ?? "(create one in the dashboard: API tokens)"}
    Try         curl -H "Authorization: Bearer ${demoToken ?? "$TOKEN"}" ${config.APP_URL}/v1/me
    Workers     ${config.WORKERS_ENABLED ? "running" : "disabled (WORKERS_ENABLED=false)"}

  Press Ctrl-C to stop.
`);
} catch (error) {
  console.error(`[start] ${(error as Error).message}`);
  await shutdown(1);
}
