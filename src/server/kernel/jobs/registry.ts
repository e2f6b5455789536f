import type { JobHelpers, Task } from "graphile-worker";
import { z } from "zod";
import type { Db, Tx } from "@/server/kernel/db/client";

/**
 * The job registry (docs/architecture.md, "Jobs"): every job the queue runs,
 * by name, with the zod schema of its payload. Enqueuing — from TypeScript
 * (`enqueue`, `enqueueFromTask`), from a set-wise SQL statement (`jobName`)
 * or from a current-state SQL file (`{{job:<name>}}`) — and running (`job`)
 * all go through it, so a name cannot be misspelt and a payload is checked
 * where it is consumed.
 */

/** Scheduled runs carry graphile-worker's `{ _cron: { ts, backfilled } }` and nothing of ours. */
const scheduled = z.object({ _cron: z.object({ ts: z.string(), backfilled: z.boolean().optional() }).optional() }).loose();
const sourceId = z.object({ id: z.uuid() });

export const JOB_PAYLOADS = {
  // kernel
  purge_idempotency_keys: scheduled,
  // workspaces
  renew_credits: scheduled,
  low_credit_alerts: scheduled,
  sweep_answer_reservations: scheduled,
  // webhooks
  dispatch_outbox: scheduled,
  // `{ id }`: one delivery, as jobs queued before deliveries were batched carry it.
  deliver_webhook: z.union([z.object({ ids: z.array(z.uuid()).min(1) }), z.object({ id: z.uuid() })]),
  sweep_webhook_deliveries: scheduled,
  purge_webhook_deliveries: scheduled,
  // training
  crawl_website: sourceId,
  crawl_pages: z.object({ id: z.uuid(), loop: z.number().int().min(0) }),
  train_source: sourceId,
  sweep_crawls: scheduled,
  resync_sources: scheduled,
  // Sources whose passages' languages an earlier rule read, read again (training/jobs.ts): from the first, or after `after`.
  reread_passages: z.object({ after: z.uuid().optional() }),
  // conversations
  send_escalation_email: z.object({ id: z.uuid() }),
  // The reply SLA's reminders that are due (conversations/reply-sla-job.ts).
  reply_sla_reminders: scheduled,
  // A conversation still waiting, unanswered, after its chatbot's unattended minutes (conversations/unattended.ts).
  handoff_unattended: z.object({ conversation_id: z.uuid(), waiting_since: z.string() }),
  // analytics: one chatbot's period, or (scheduled) the preset periods of every active chatbot
  compute_insights: z.union([z.object({ chatbotId: z.uuid(), from: z.string(), to: z.string() }), scheduled]),
  // channels: a provider's message to answer, and one reply to send (attempt counts failures; waits, the provider's 429s)
  // event_id: the provider's event (channel_events), the key of its turn; absent in jobs queued before it was carried.
  // rating: the person chose a score on a rating prompt (a button, a list row); callback_id: Telegram's callback query to answer.
  channel_answer: z.object({
    channel_id: z.uuid(),
    chat_key: z.string().min(1).max(200),
    text: z.string().min(1).max(4000),
    event_id: z.string().min(1).max(300).optional(),
    rating: z.object({ conversation_id: z.uuid(), score: z.number().int(), callback_id: z.string().max(200).optional() }).optional(),
  }),
  // The rating prompt of a chat's resolved conversation (channels/ratings.ts), queued by sql/channel-ratings.sql.
  channel_rating_ask: z.object({ channel_id: z.uuid(), chat_key: z.string().min(1).max(200), conversation_id: z.uuid() }),
  channel_send: z.object({
    channel_id: z.uuid(),
    chat_key: z.string().min(1).max(200),
    text: z.string().min(1),
    message_id: z.uuid().nullable(),
    attempt: z.number().int().min(1),
    waits: z.number().int().min(0),
  }),
  // One lead to HubSpot (crm/sync-job.ts), queued by the contacts trigger (crm/sql/crm-sync.sql).
  crm_sync_lead: z.object({ contact_id: z.uuid() }),
  // evaluations: one queued run ("run now", or its SQL trigger after a completed training)
  evaluate_chatbot: z.object({ evaluationId: z.uuid() }),
  // evaluations whose worker died (queued again)
  sweep_evaluations: scheduled,
  // The handoff channel, Slack's or Microsoft Teams' (channels/handoff.ts): post a waiting conversation, and record a thread
  // reply as the agent's (named when Slack was the only provider; the names stay so queued jobs still run).
  slack_handoff_post: z.object({ channel_id: z.uuid(), conversation_id: z.uuid(), attempt: z.number().int().min(1), waits: z.number().int().min(0) }),
  slack_handoff_reply: z.object({ channel_id: z.uuid(), chat_key: z.string().min(1).max(200), text: z.string().min(1).max(4000) }),
  // Intercom (intercom/handoff-job.ts): a waiting conversation handed over, or its later visitor messages added.
  intercom_handoff: z.object({ conversation_id: z.uuid(), attempt: z.number().int().min(1), waits: z.number().int().min(0) }),
  // The providers' event ids older than their retry window (channels/purge.ts).
  purge_channel_events: scheduled,
  // The jobs of worker processes whose heartbeat stopped, unlocked (kernel/jobs/heartbeat.ts).
  sweep_dead_workers: scheduled,
  // Rebilling (billing/metering.ts, billing/dunning.ts): overage batches to Stripe's meter; the dunning rule's grace days.
  billing_report_overage: scheduled,
  billing_dunning: scheduled,
  // The value report (reports/send.ts): one client's report of one period e-mailed, and (scheduled) the reports that are due.
  send_client_report: z.object({ teamId: z.uuid(), period: z.string().min(7).max(8) }),
  schedule_client_reports: scheduled,
  // templates: one batch of a rollout's chatbots (applied, or rolled back), the quality gate of a rollout, and
  // rollouts a lost job left open (templates/rollout-jobs.ts).
  template_rollout_batch: z.object({ rolloutId: z.uuid(), batch: z.number().int().min(0) }),
  template_rollout_gate: z.object({ rolloutId: z.uuid() }),
  sweep_template_rollouts: scheduled,
  // privacy: each workspace's conversations, visitors and contacts past its data retention (privacy/purge.ts).
  purge_expired_data: scheduled,
} as const satisfies Record<string, z.ZodType>;

export type JobName = keyof typeof JOB_PAYLOADS;
export type JobPayload<N extends JobName> = z.output<(typeof JOB_PAYLOADS)[N]>;
export const JOB_NAMES = Object.keys(JOB_PAYLOADS) as JobName[];

export interface EnqueueOptions {
  /** One pending job per key; `replace` (default) moves it to the new payload and time, `preserve_run_at` keeps its time. */
  jobKey?: string;
  jobKeyMode?: "replace" | "preserve_run_at";
  runAt?: Date;
  maxAttempts?: number;
  /** Jobs of one queue run one at a time, in order (`enqueueFromTask` only). */
  queueName?: string;
}

/** A registered job's name, for SQL that enqueues set-wise (`SELECT graphile_worker.add_job(${jobName(…)}, …) FROM …`). */
export function jobName<N extends JobName>(name: N): N {
  if (!(name in JOB_PAYLOADS)) throw new Error(`unknown job ${name}`);
  return name;
}

/** Enqueues one job in the caller's transaction (or on its own when `db` is not one): it commits with the change that asks for it. */
export async function enqueue<N extends JobName>(db: Db | Tx, name: N, payload: JobPayload<N>, opts: EnqueueOptions = {}): Promise<void> {
  const checked = JOB_PAYLOADS[name].parse(payload);
  await db.$executeRaw`SELECT graphile_worker.add_job(${jobName(name)}, ${JSON.stringify(checked)}::json,
    run_at := ${opts.runAt ?? null}::timestamptz, max_attempts := ${opts.maxAttempts ?? 25}::int,
    job_key := ${opts.jobKey ?? null}::text, job_key_mode := ${opts.jobKeyMode ?? "replace"}::text)`;
}

/** Enqueues from inside a running job (its own connection). */
export async function enqueueFromTask<N extends JobName>(helpers: JobHelpers, name: N, payload: JobPayload<N>, opts: EnqueueOptions = {}): Promise<void> {
  await helpers.addJob(jobName(name) as string, JOB_PAYLOADS[name].parse(payload) as never, opts);
}

/** How one job runs: its payload already checked against the registry. */
export interface JobDefinition<N extends JobName = JobName> {
  name: N;
  run(db: Db, payload: JobPayload<N>, helpers: JobHelpers): Promise<void>;
}

export function job<N extends JobName>(name: N, run: JobDefinition<N>["run"]): JobDefinition<N> {
  return { name, run };
}

/** The graphile-worker task of a definition. A payload that does not match its schema fails the job, visibly. */
export function taskOf<N extends JobName>(definition: JobDefinition<N>, db: Db): Task {
  return async (payload, helpers) => {
    const parsed = JOB_PAYLOADS[definition.name].safeParse(payload ?? {});
    if (!parsed.success) throw new Error(`job ${definition.name}: invalid payload: ${parsed.error.message}`);
    await definition.run(db, parsed.data as JobPayload<N>, helpers);
  };
}

/** Replaces `{{job:<name>}}` in SQL (the current-state files) with the registered name as a string literal. */
export function withJobNames(sql: string, file: string): string {
  return sql.replace(/\{\{job:([a-z_]+)\}\}/g, (_m, name: string) => {
    if (!(name in JOB_PAYLOADS)) throw new Error(`${file}: {{job:${name}}} is not a registered job (kernel/jobs/registry.ts)`);
    return `'${name}'`;
  });
}
