import { run, type Runner, type TaskList, Logger, type LogLevel } from "graphile-worker";
import { computeInsights } from "@/server/jobs/compute-insights";
import { purgeIdempotencyKeys } from "@/server/jobs/purge-idempotency-keys";

/** One file per job kind; this is the list the workers run. */
export const taskList: TaskList = {
  purge_idempotency_keys: purgeIdempotencyKeys,
  compute_insights: computeInsights,
};

/** Scheduled jobs (graphile-worker crontab syntax, UTC). */
export const crontab = [
  "0 3 * * * purge_idempotency_keys ?max=3",
  // Question themes of the dashboard's preset periods, fresh every morning.
  "30 2 * * * compute_insights ?max=3",
].join("\n");

let stopping = false;
/** While the process shuts down the database may go first; lost connections are then expected, not errors. */
export function workersShuttingDown() {
  stopping = true;
}

const quietLogger = new Logger(() => (level: LogLevel, message: string) => {
  if (stopping) return;
  if (level === "error" || level === "warning") console.error(`[worker] ${level}: ${message}`);
});

export function startWorkers(connectionString: string, opts: { concurrency?: number } = {}): Promise<Runner> {
  return run({
    connectionString,
    taskList,
    crontab,
    concurrency: opts.concurrency ?? 4,
    noHandleSignals: true,
    pollInterval: 1000,
    logger: quietLogger,
  });
}
