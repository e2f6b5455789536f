import { job } from "@/server/kernel/jobs/registry";
import { attemptDeliveries } from "@/server/webhooks/attempt";
import { dispatchOutbox, purgeDeliveries, sweepDeliveries } from "@/server/webhooks/dispatch";

/** Outbox events → deliveries (enqueued by a trigger on outbox_events, in the writer's transaction: webhooks/sql/outbox.sql). */
export const dispatchOutboxJob = job("dispatch_outbox", async (db) => {
  await dispatchOutbox(db);
});

/** One attempt of each delivery of the job; retries are scheduled as new jobs by the attempts themselves. */
export const deliverWebhookJob = job("deliver_webhook", async (db, payload, helpers) => {
  const outcomes = await attemptDeliveries(db, "ids" in payload ? payload.ids : [payload.id]);
  for (const [deliveryId, outcome] of outcomes) {
    if (outcome.state === "retrying" || outcome.state === "exhausted") helpers.logger.warn(`delivery ${deliveryId}: ${outcome.error}`);
  }
});

/** Every minute and at start: deliveries whose worker died mid-attempt, and outbox events nobody dispatched. */
export const sweepWebhookDeliveriesJob = job("sweep_webhook_deliveries", async (db, _payload, helpers) => {
  const requeued = await sweepDeliveries(db);
  if (requeued) helpers.logger.info(`re-queued ${requeued} webhook deliveries`);
});

/** Deliveries are kept 30 days. */
export const purgeWebhookDeliveriesJob = job("purge_webhook_deliveries", async (db, _payload, helpers) => {
  const purged = await purgeDeliveries(db);
  helpers.logger.info(`purged ${purged} webhook deliveries older than 30 days`);
});
