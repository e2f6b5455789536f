// Stops `npm start`'s embedded PostgreSQL when the supervisor that owns it dies without stopping it (SIGKILL,
// an OOM kill): PostgreSQL would otherwise outlive it, holding its port and data directory for a product
// that no longer runs jobs (docs/decisions/040-running-the-app.md). Started by scripts/start.ts with an IPC
// channel and the data directory; the channel closes when the supervisor's process ends, however it ends.
// A clean stop has removed postmaster.pid by then, so there is nothing to do. Plain JavaScript: no build.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const dataDir = process.argv[2];

function postmasterPid() {
  const file = path.join(dataDir, "postmaster.pid");
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  // A stale file's pid may belong to another process by now: only a postgres is stopped.
  const cmdline = `/proc/${pid}/cmdline`;
  if (existsSync("/proc") && (!existsSync(cmdline) || !readFileSync(cmdline, "utf8").includes("postgres"))) return null;
  return pid;
}

process.on("disconnect", () => {
  const pid = postmasterPid();
  if (pid !== null) {
    console.error(`[start] the supervisor is gone: stopping its embedded PostgreSQL (pid ${pid})`);
    try {
      process.kill(pid, "SIGINT"); // PostgreSQL's fast shutdown: sessions end, data is safe
    } catch {
      /* gone already */
    }
  }
  process.exit(0);
});
