import { startProductionServer } from "../../scripts/lib/app-server";
import { onCleanup } from "./cleanup";

export interface AppServer {
  baseUrl: string;
  /** The server process (for its resident memory in /proc). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Node flags for the processes a test starts and ends within seconds (servers, workers): V8's memory reducer runs
 * full collections some 10–30 s after a process's start has stopped allocating, to hand memory back to the system
 * — about 0.6 CPU-s a process that a test's short-lived process never needs (docs/performance.md, "The suite's
 * time: Chromium and short-lived processes").
 */
export const SHORT_LIVED_NODE_ARGS = ["--no-memory-reducer"];

/** The production build on a free port against the given database, for contract tests over real HTTP; stopped after the file. */
export async function startAppServer(databaseUrl: string, env: Record<string, string> = {}): Promise<AppServer> {
  const server = await startProductionServer(databaseUrl, "test-secret-test-secret-test-secret-0123", env, SHORT_LIVED_NODE_ARGS);
  onCleanup(server.stop);
  return { baseUrl: server.baseUrl, pid: server.child.pid!, stop: server.stop };
}
