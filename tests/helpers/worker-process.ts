import { spawn, type ChildProcess } from "node:child_process";
import { compiledFile } from "@/server/kernel/lib/compiled-runtime.mjs";
import { onCleanup } from "./cleanup";
import { SHORT_LIVED_NODE_ARGS } from "./server";

/**
 * Real worker processes (`npm run worker`: the compiled dist/worker.mjs)
 * against a test database, ready once they log that they run. The node
 * process is the worker itself, so SIGKILL really kills it. Whatever still runs is killed after the file.
 */
const running = new Set<ChildProcess>();

export async function startWorkerProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...SHORT_LIVED_NODE_ARGS, compiledFile("worker")], {
    env: { ...process.env, ...env, DATABASE_URL: databaseUrl },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  let output = "";
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => {
      output += d.toString();
      if (output.includes("[worker] running")) resolve(child);
    });
    child.once("exit", (code) => reject(new Error(`worker exited (${code}):\n${output}`)));
  });
}

/** Kills every worker this file started (SIGKILL: a crash, nothing finishes gracefully). */
export async function killWorkerProcesses(): Promise<void> {
  const exits = [...running].map((child) => {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGKILL");
    return exited;
  });
  await Promise.all(exits);
}

/** Kills one worker and waits until it is gone. */
export async function killWorkerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGKILL");
  await exited;
}

onCleanup(killWorkerProcesses);
