import { run, type Runner, type TaskList, Logger, type LogLevel } from "graphile-worker";
import pg from "pg";
import { createPrismaClient, type Db } from "@/server/kernel/db/client";
import { computeInsights } from "@/server/analytics";
import { crawlPagesTask, crawlWebsiteTask, resyncSourcesTask, sweepCrawlsTask, trainSourceTask } from "@/server/training";
import { leaseMs } from "@/server/training";
import { lowCreditAlerts } from "@/server/workspaces";
import { purgeIdempotencyKeys } from "@/server/kernel/http/purge-idempotency-keys-job";
import { renewCredits } from "@/server/workspaces";
import { SEND_ESCALATION_EMAIL, sendEscalationEmailTask } from "@/server/conversations";
import { sweepAnswerReservations } from "@/server/workspaces";
import { deliverWebhookTask, dispatchOutboxTask, purgeWebhookDeliveriesTask, sweepWebhookDeliveriesTask } from "@/server/webhooks";

/** One file per job kind; this is the list the workers run. */
export function taskList(db: Db): TaskList {
  return {
    purge_idempotency_keys: purgeIdempotencyKeys,
    renew_credits: renewCredits(db),
    dispatch_outbox: dispatchOutboxTask(db),
    deliver_webhook: deliverWebhookTask(db),
    sweep_webhook_deliveries: sweepWebhookDeliveriesTask(db),
    purge_webhook_deliveries: purgeWebhookDeliveriesTask(db),
    compute_insights: computeInsights,
    crawl_website: crawlWebsiteTask(db),
    crawl_pages: crawlPagesTask(db),
    train_source: trainSourceTask(db),
    sweep_crawls: sweepCrawlsTask(db),
    resync_sources: resyncSourcesTask(db),
    [SEND_ESCALATION_EMAIL]: sendEscalationEmailTask(db),
    sweep_answer_reservations: sweepAnswerReservations(db),
    low_credit_alerts: lowCreditAlerts(db),
  };
}

/** Scheduled jobs (graphile-worker crontab syntax, UTC). */
export const crontab = [
  "0 3 * * * purge_idempotency_keys ?max=3",
  "*/5 * * * * renew_credits ?max=1",
  "* * * * * sweep_webhook_deliveries ?max=1",
  "30 3 * * * purge_webhook_deliveries ?max=3",
  // Question themes of the dashboard's preset periods, fresh every morning.
  "30 2 * * * compute_insights ?max=3",
  "* * * * * sweep_crawls ?max=1",
  "17 * * * * resync_sources ?max=1",
  // Credits reserved by answers whose process died (they stop counting at expiry already).
  "* * * * * sweep_answer_reservations ?max=1",
  "* * * * * low_credit_alerts ?max=1",
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

export async function startWorkers(connectionString: string, opts: { concurrency?: number } = {}): Promise<Runner> {
  const db = createPrismaClient(connectionString);
  // Deliveries wait on remote receivers: enough parallel jobs to keep them flowing.
  const concurrency = opts.concurrency ?? 32;
  // The queue's own pool, so that it keeps an error listener until it is closed: a connection the server
  // ends while idle or while the pool shuts down (a restart, a dropped database) is replaced or dropped,
  // never an uncaught exception in the process.
  const pgPool = new pg.Pool({ connectionString, max: concurrency });
  pgPool.on("error", () => undefined);
  const runner = await run({
    pgPool,
    taskList: taskList(db),
    crontab,
    concurrency,
    // Complete jobs in batches. No local queue: a delivery job already carries a batch of deliveries
    // (webhooks/dispatch.ts), and a local queue would let one worker process hoard the jobs of a burst
    // while a second one idles. A job locked by a killed worker is recovered by the webhook sweeper
    // (jobs/webhooks.ts), not the 4 h lock expiry.
    preset: { worker: { completeJobBatchDelay: 0 } },
    noHandleSignals: true,
    pollInterval: 1000,
    logger: quietLogger,
  });
  void runner.promise.catch(() => undefined).finally(() => Promise.all([db.$disconnect(), pgPool.end()]));
  // Whatever a previous worker left half done (killed mid-delivery) is picked up at once, not at the next minute.
  await runner.addJob("sweep_webhook_deliveries", {}, { jobKey: "sweep_webhook_deliveries" });
  // Crawls a killed worker left behind: once now, and once its page leases have run out.
  await runner.addJob("sweep_crawls", {}, { jobKey: "sweep_crawls" });
  await runner.addJob("sweep_crawls", {}, { jobKey: "sweep_crawls_after_lease", runAt: new Date(Date.now() + leaseMs() + 1000) });
  return runner;
}
