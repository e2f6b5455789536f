import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { freePort } from "@/server/db/embedded";
import { onCleanup } from "./cleanup";

export interface AppServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts the production build (`next start`) on a free port against the given
 * database, for contract tests over real HTTP. Needs `next build` first
 * (`npm test` does it).
 */
export async function startAppServer(databaseUrl: string): Promise<AppServer> {
  if (!existsSync(path.resolve(".next/BUILD_ID"))) throw new Error("No production build: run `npx next build` first (npm test does).");
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.resolve("node_modules/next/dist/bin/next"), "start", "-p", String(port), "-H", "127.0.0.1"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      APP_URL: baseUrl,
      NEXTAUTH_URL: baseUrl,
      NEXTAUTH_SECRET: "test-secret-test-secret-test-secret-0123",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  };
  onCleanup(stop);
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`next start exited:\n${output}`);
    const ok = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    if (ok) return { baseUrl, stop };
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`next start did not become healthy:\n${output}`);
}
