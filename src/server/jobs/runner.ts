import { run, type Runner, type TaskList, Logger, type LogLevel } from "graphile-worker";
import { createPrismaClient, type Db } from "@/server/db/client";
import { purgeIdempotencyKeys } from "@/server/jobs/purge-idempotency-keys";
import { renewCredits } from "@/server/jobs/renew-credits";

/** One file per job kind; this is the list the workers run. */
export function taskList(db: Db): TaskList {
  return {
    purge_idempotency_keys: purgeIdempotencyKeys,
    renew_credits: renewCredits(db),
  };
}

/** Scheduled jobs (graphile-worker crontab syntax, UTC). */
export const crontab = ["0 3 * * * purge_idempotency_keys ?max=3", "*/5 * * * * renew_credits ?max=1"].join("\n");

let stopping = false;
/** While the process shuts down the database may go first; lost connections are then expected, not errors. */
export function workersShuttingDown() {
  stopping = true;
}

const quietLogger = new Logger(() => (level: LogLevel, message: string) => {
  if (stopping) return;
  if (level === "error" || level === "warning") console.error(`[worker] ${level}: ${message}`);
});

export async function startWorkers(connectionString: string, opts: { concurrency?: number } = {}): Promise<Runner> {
  const db = createPrismaClient(connectionString);
  const runner = await run({
    connectionString,
    taskList: taskList(db),
    crontab,
    concurrency: opts.concurrency ?? 4,
    noHandleSignals: true,
    pollInterval: 1000,
    logger: quietLogger,
  });
  void runner.promise.catch(() => undefined).finally(() => db.$disconnect());
  return runner;
}
