/** The webhooks capability's public surface: other capabilities and the transports import only this (lint: import/no-restricted-paths). */
export { enqueueDeliveries } from "./dispatch";
export { createWebhook } from "./endpoints";
export { EVENT_TYPES, deliveryState } from "./events";
export type { DeliveryState, EventType } from "./events";
export { deliverWebhookJob, dispatchOutboxJob, purgeWebhookDeliveriesJob, sweepWebhookDeliveriesJob } from "./jobs";
export { emitEvent } from "./outbox";
export { agencyWebhooksRouter } from "./router";
