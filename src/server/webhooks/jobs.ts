import type { Task } from "graphile-worker";
import type { Db } from "@/server/kernel/db/client";
import { attemptDeliveries } from "@/server/webhooks/attempt";
import { dispatchOutbox, purgeDeliveries, sweepDeliveries } from "@/server/webhooks/dispatch";

/** Outbox events → deliveries (enqueued by a trigger on outbox_events, in the writer's transaction). */
export const dispatchOutboxTask = (db: Db): Task => async () => {
  await dispatchOutbox(db);
};

/**
 * One attempt of each delivery of the job (`{ids}`; `{id}` from jobs queued
 * before deliveries were batched); retries are scheduled as new jobs by the
 * attempts themselves.
 */
export const deliverWebhookTask = (db: Db): Task => async (payload, helpers) => {
  const { id, ids } = payload as { id?: string; ids?: string[] };
  const outcomes = await attemptDeliveries(db, ids ?? (id ? [id] : []));
  for (const [deliveryId, outcome] of outcomes) {
    if (outcome.state === "retrying" || outcome.state === "exhausted") helpers.logger.warn(`delivery ${deliveryId}: ${outcome.error}`);
  }
};

/** Every minute and at start: deliveries whose worker died mid-attempt, and outbox events nobody dispatched. */
export const sweepWebhookDeliveriesTask = (db: Db): Task => async (_payload, helpers) => {
  const requeued = await sweepDeliveries(db);
  if (requeued) helpers.logger.info(`re-queued ${requeued} webhook deliveries`);
};

/** Deliveries are kept 30 days. */
export const purgeWebhookDeliveriesTask = (db: Db): Task => async (_payload, helpers) => {
  const purged = await purgeDeliveries(db);
  helpers.logger.info(`purged ${purged} webhook deliveries older than 30 days`);
};
