import { startProductionServer } from "../../scripts/lib/app-server";
import { onCleanup } from "./cleanup";

export interface AppServer {
  baseUrl: string;
  /** The server process (for its resident memory in /proc). */
  pid: number;
  stop(): Promise<void>;
}

/** The production build on a free port against the given database, for contract tests over real HTTP; stopped after the file. */
export async function startAppServer(databaseUrl: string, env: Record<string, string> = {}): Promise<AppServer> {
  const server = await startProductionServer(databaseUrl, "test-secret-test-secret-test-secret-0123", env);
  onCleanup(server.stop);
  return { baseUrl: server.baseUrl, pid: server.child.pid!, stop: server.stop };
}
