import { EventEmitter } from "node:events";
import { run, type Runner, type TaskList, Logger, type LogLevel, type WorkerEvents } from "graphile-worker";
import pg from "pg";
import { computeInsightsJob } from "@/server/analytics";
import { handoffUnattendedJob, replySlaRemindersJob, sendEscalationEmailJob } from "@/server/conversations";
import { evaluateChatbotJob, sweepEvaluationsJob } from "@/server/evaluations";
import { createPrismaClient, type Db } from "@/server/kernel/db/client";
import { purgeIdempotencyKeysJob } from "@/server/kernel/http/purge-idempotency-keys-job";
import { enqueue, JOB_NAMES, taskOf, type JobDefinition, type JobName } from "@/server/kernel/jobs/registry";
import { crawlPagesJob, crawlWebsiteJob, leaseMs, rereadPassagesJob, resyncSourcesJob, sweepCrawlsJob, trainSourceJob } from "@/server/training";
import { deliverWebhookJob, dispatchOutboxJob, purgeWebhookDeliveriesJob, sweepWebhookDeliveriesJob } from "@/server/webhooks";
import { lowCreditAlertsJob, renewCreditsJob, sweepAnswerReservationsJob } from "@/server/workspaces";
import { channelAnswerJob, channelRatingAskJob, channelSendJob, slackHandoffPostJob, slackHandoffReplyJob } from "@/server/channels";
import { crmSyncLeadJob } from "@/server/crm";
import { dunningJob, reportOverageJob } from "@/server/billing";
import { purgeChannelEventsJob } from "@/server/channels";
import { heartbeatBounds, startHeartbeat, sweepDeadWorkersJob } from "@/server/kernel/jobs/heartbeat";
import { sweepTemplateRolloutsJob, templateRolloutBatchJob, templateRolloutGateJob } from "@/server/templates";
import { answerChannelMessage } from "./channel-events";
import { scheduleClientReportsJob, sendClientReportJob } from "@/server/reports";
import { intercomHandoffJob } from "@/server/intercom";
import { purgeExpiredDataJob } from "@/server/privacy";

/** How every registered job runs (kernel/jobs/registry.ts): one definition each, in its capability. */
export const JOB_DEFINITIONS: JobDefinition[] = [
  purgeIdempotencyKeysJob,
  renewCreditsJob,
  lowCreditAlertsJob,
  sweepAnswerReservationsJob,
  dispatchOutboxJob,
  deliverWebhookJob,
  sweepWebhookDeliveriesJob,
  purgeWebhookDeliveriesJob,
  crawlWebsiteJob,
  crawlPagesJob,
  trainSourceJob,
  sweepCrawlsJob,
  resyncSourcesJob,
  rereadPassagesJob,
  sendEscalationEmailJob,
  replySlaRemindersJob,
  handoffUnattendedJob,
  computeInsightsJob,
  // The engine call is the transport's adapter (channel-events.ts), as on every surface.
  channelAnswerJob(answerChannelMessage),
  channelSendJob,
  channelRatingAskJob,
  crmSyncLeadJob,
  evaluateChatbotJob,
  sweepEvaluationsJob,
  slackHandoffPostJob,
  slackHandoffReplyJob,
  purgeChannelEventsJob,
  sweepDeadWorkersJob,
  reportOverageJob,
  dunningJob,
  sendClientReportJob,
  scheduleClientReportsJob,
  templateRolloutBatchJob,
  templateRolloutGateJob,
  sweepTemplateRolloutsJob,
  intercomHandoffJob,
  purgeExpiredDataJob,
] as JobDefinition[];

/** The list the workers run: every registered job, and only those. */
export function taskList(db: Db): TaskList {
  const defined = new Set(JOB_DEFINITIONS.map((d) => d.name));
  const missing = JOB_NAMES.filter((name) => !defined.has(name));
  if (missing.length || defined.size !== JOB_DEFINITIONS.length) throw new Error(`job definitions do not match the registry (missing: ${missing.join(", ")})`);
  return Object.fromEntries(JOB_DEFINITIONS.map((d) => [d.name, taskOf(d, db)]));
}

/** Scheduled jobs (graphile-worker crontab syntax, UTC): `schedule(job, "<minute hour day month weekday>", max)` lines. */
const schedule = (name: JobName, when: string, maxAttempts: number) => `${when} ${name} ?max=${maxAttempts}`;
export const crontab = [
  schedule("purge_idempotency_keys", "0 3 * * *", 3),
  schedule("renew_credits", "*/5 * * * *", 1),
  schedule("sweep_webhook_deliveries", "* * * * *", 1),
  schedule("purge_webhook_deliveries", "30 3 * * *", 3),
  // Question themes of the dashboard's preset periods, fresh every morning.
  schedule("compute_insights", "30 2 * * *", 3),
  schedule("sweep_crawls", "* * * * *", 1),
  schedule("resync_sources", "17 * * * *", 1),
  // Credits reserved by answers whose process died (they stop counting at expiry already).
  schedule("sweep_answer_reservations", "* * * * *", 1),
  schedule("low_credit_alerts", "* * * * *", 1),
  // Evaluations whose worker died, queued again.
  schedule("sweep_evaluations", "* * * * *", 1),
  // Channel event ids past the providers' retry window (channels/purge.ts).
  schedule("purge_channel_events", "45 3 * * *", 3),
  // Jobs held by a killed worker process, unlocked once its heartbeat is stale (kernel/jobs/heartbeat.ts).
  schedule("sweep_dead_workers", "* * * * *", 1),
  // Overage answers to the clients' Stripe meters, and failed batches again (billing/metering.ts).
  schedule("billing_report_overage", "* * * * *", 1),
  // Clients whose grace days after a failed payment have passed (billing/dunning.ts).
  schedule("billing_dunning", "*/10 * * * *", 1),
  // The value reports that are due (each client's schedule, reports/schedule.ts); also once when a worker starts.
  schedule("schedule_client_reports", "7 * * * *", 3),
  // Template rollouts whose jobs were lost, queued again (templates/rollout-jobs.ts).
  schedule("sweep_template_rollouts", "* * * * *", 1),
  // Conversations waiting past their reply SLA: their assignee, then the workspace's admins (conversations/reply-sla-job.ts).
  schedule("reply_sla_reminders", "* * * * *", 1),
  // Data past each workspace's retention, in short batches (privacy/purge.ts).
  schedule("purge_expired_data", "15 4 * * *", 3),
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
  // This process's worker pool beats while it lives, so that a sweep frees the jobs it holds if it is killed.
  const events: WorkerEvents = new EventEmitter();
  const heartbeat = startHeartbeat(db, events, (error) => quietLogger.warn(`heartbeat: ${(error as Error).message}`));
  const runner = await run({
    events,
    pgPool,
    taskList: taskList(db),
    crontab,
    concurrency,
    // Complete jobs in batches. No local queue: a delivery job already carries a batch of deliveries
    // (webhooks/dispatch.ts), and a local queue would let one worker process hoard the jobs of a burst
    // while a second one idles. A job locked by a killed worker is recovered by the webhook sweeper
    // (webhooks/jobs.ts), not the 4 h lock expiry.
    preset: { worker: { completeJobBatchDelay: 0 } },
    noHandleSignals: true,
    pollInterval: 1000,
    logger: quietLogger,
  }).catch(async (error: unknown) => {
    await heartbeat.stop();
    throw error;
  });
  // A graceful stop has released this pool's jobs: its heartbeat goes too, before the connections close.
  const closed = runner.promise
    .catch(() => undefined)
    .then(() => heartbeat.stop())
    .finally(() => Promise.all([db.$disconnect(), pgPool.end()]));
  const stopRunner = runner.stop.bind(runner);
  runner.stop = async (reason) => {
    await stopRunner(reason);
    await closed;
  };
  // Whatever a previous worker left half done (killed mid-delivery) is picked up at once, not at the next minute.
  await enqueue(db, "sweep_webhook_deliveries", {}, { jobKey: "sweep_webhook_deliveries" });
  // Crawls a killed worker left behind: once now, and once its page leases have run out.
  await enqueue(db, "sweep_crawls", {}, { jobKey: "sweep_crawls" });
  await enqueue(db, "sweep_crawls", {}, { jobKey: "sweep_crawls_after_lease", runAt: new Date(Date.now() + leaseMs() + 1000) });
  // Evaluations a killed worker left running or queued without a job: at once.
  await enqueue(db, "sweep_evaluations", {}, { jobKey: "sweep_evaluations" });
  // Reports that fell due while no worker ran (the first start of an installation too) go out now, not at the next hour.
  await enqueue(db, "schedule_client_reports", {}, { jobKey: "schedule_client_reports", maxAttempts: 3 });
  // Passages an earlier rule read the languages of (an upgraded installation's), read again in batches; nothing when none is left.
  await enqueue(db, "reread_passages", {}, { jobKey: "reread_passages", maxAttempts: 5 });
  // Template rollouts left open by a killed worker: at once (their rows say where each stopped).
  await enqueue(db, "sweep_template_rollouts", {}, { jobKey: "sweep_template_rollouts" });
  // A restarted worker (after a kill) frees its predecessor's jobs as soon as that one's heartbeat is stale.
  await enqueue(db, "sweep_dead_workers", {}, { jobKey: "sweep_dead_workers" });
  await enqueue(db, "sweep_dead_workers", {}, { jobKey: "sweep_dead_workers_after_bound", runAt: new Date(Date.now() + heartbeatBounds().deadAfterMs + 1000) });
  return runner;
}
