import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { freePort } from "@/server/kernel/db/embedded";
import { compiledFile } from "@/server/kernel/lib/compiled-runtime.mjs";
import { nextBuildCompleted, runtimeIsFresh } from "./freshness.mjs";

export interface ProductionServer {
  baseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Builds the compiled runtime (dist/, about a second) when its sources are newer: benchmarks run it directly. */
export function ensureRuntimeBuilt(): void {
  if (runtimeIsFresh()) return;
  const built = spawnSync(process.execPath, ["--import", "tsx", "scripts/build-runtime.ts"], { stdio: "inherit" });
  if (built.status !== 0) throw new Error("scripts/build-runtime.ts failed");
}

/**
 * The production build (dist/serve.mjs, as `npm start` runs it) on a free loopback port against a given
 * database, ready when `/api/health` answers: for contract tests and
 * benchmarks over real HTTP. Needs `npm run build` first (the integration
 * tests' global setup builds the runtime when it is stale). The `/v1` rate limit is
 * lifted (suites send thousands of requests with one token) unless `env` or the
 * caller's environment sets it; tests of the limit itself pass a low one.
 */
export async function startProductionServer(
  databaseUrl: string,
  secret: string,
  env: Record<string, string> = {},
  /** Extra flags for node itself (e.g. `--cpu-prof`, which NODE_OPTIONS does not accept). */
  nodeArgs: string[] = [],
): Promise<ProductionServer> {
  if (!nextBuildCompleted()) throw new Error("No completed production build: run `npm run build` first (npm test does).");
  ensureRuntimeBuilt();
  // The port is free when asked for, but another process (a server started beside this one, an outgoing
  // connection) may take it before the server listens: then the server exits with EADDRINUSE, and another
  // free port is tried.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnPort(await freePort(), databaseUrl, secret, env, nodeArgs);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 3) throw error;
    }
  }
}

class PortTaken extends Error {}

async function startOnPort(port: number, databaseUrl: string, secret: string, env: Record<string, string>, nodeArgs: string[]): Promise<ProductionServer> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, compiledFile("serve"), "-p", String(port), "-H", "127.0.0.1"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      APP_URL: baseUrl,
      NEXTAUTH_URL: baseUrl,
      NEXTAUTH_SECRET: secret,
      NEXT_TELEMETRY_DISABLED: "1",
      RATE_LIMIT_API_PER_MINUTE: process.env.RATE_LIMIT_API_PER_MINUTE ?? "1000000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  };
  let last = "no answer";
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new (output.includes("EADDRINUSE") ? PortTaken : Error)(`next start exited:\n${output}`);
    // Asked only once this server listens (scripts/serve.ts says so): before, the port may be another's.
    if (!output.includes(`ready on ${baseUrl}`)) {
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      async (r) => {
        last = `${r.status} ${(await r.text()).slice(0, 200)}`;
        return r.ok;
      },
      (error: Error) => {
        last = `${error.message} (${String(error.cause)})`;
        return false;
      },
    );
    if (healthy) return { baseUrl, child, stop };
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`next start did not become healthy (last /api/health: ${last}):\n${output}`);
}
