import type { Task } from "graphile-worker";
import type { Db } from "@/server/db/client";
import { attemptDelivery, dispatchOutbox, purgeDeliveries, sweepDeliveries } from "@/server/webhooks/dispatch";

/** Outbox events → deliveries (enqueued by a trigger on outbox_events, in the writer's transaction). */
export const dispatchOutboxTask = (db: Db): Task => async () => {
  await dispatchOutbox(db);
};

/** One attempt of one delivery; retries are scheduled as new jobs by the attempt itself. */
export const deliverWebhookTask = (db: Db): Task => async (payload, helpers) => {
  const { id } = payload as { id: string };
  const outcome = await attemptDelivery(db, id);
  if (outcome.state === "retrying" || outcome.state === "exhausted") helpers.logger.warn(`delivery ${id}: ${outcome.error}`);
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
