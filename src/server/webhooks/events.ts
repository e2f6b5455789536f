/** Event types (contract "Events"). */
export const EVENT_TYPES = ["lead.captured", "escalation.created", "client.credits_exhausted", "client.subscription_updated", "client.payment_failed", "template.rollout_completed", "contact.erased", "conversation.rated"] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** What `GET /v1/agency/webhooks` lists as subscribable (the contract lists these two). */
export const SUBSCRIBABLE_EVENTS = ["lead.captured", "escalation.created"] as const;

/** Sent only by the dashboard's "send test event" to one endpoint. */
export const TEST_EVENT = "webhook.test";

/** Does an endpoint subscribed to `events` (null = all) receive `type`? */
export function subscribes(events: readonly string[] | null, type: string): boolean {
  return events === null || events.includes(type);
}

export type DeliveryState = "delivered" | "retrying" | "failed" | "pending";

export const RETRIES_EXHAUSTED = "(retries exhausted)";
export const NOT_SENT = "(not sent)";

/** Contract "Webhook delivery (derived from delivered_at and last_error)". */
export function deliveryState(d: { deliveredAt: Date | null; lastError: string | null }): DeliveryState {
  if (d.deliveredAt) return "delivered";
  if (d.lastError && (d.lastError.endsWith(RETRIES_EXHAUSTED) || d.lastError.endsWith(NOT_SENT))) return "failed";
  if (d.lastError) return "retrying";
  return "pending";
}
