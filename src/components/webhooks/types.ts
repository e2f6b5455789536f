import type { RouterOutputs } from "@/components/lib/trpc-types";
import { deliveryState, EVENT_TYPES, type DeliveryState, type EventType } from "@/server/webhooks/client";

export type WebhookItem = RouterOutputs["agencyWebhooks"]["get"];
export type CreatedWebhook = RouterOutputs["agencyWebhooks"]["create"];
export type DeliveryPage = RouterOutputs["agencyWebhooks"]["deliveries"];
export type DeliveryItem = DeliveryPage["data"][number];

/** Rows per page of the delivery log. */
export const DELIVERIES_PER_PAGE = 25;
/** How often the log refreshes while a delivery on screen is pending or retrying. */
export const DELIVERIES_POLL_MS = 2000;

/** What each event type means, for the checkboxes and the list. */
export const EVENT_DESCRIPTIONS: Record<EventType, string> = {
  "lead.captured": "A visitor left their contact details in a chat.",
  "escalation.created": "A conversation was handed over to a person.",
  "client.credits_exhausted": "A client workspace ran out of message credits (for automatic top-ups).",
  "client.subscription_updated": "A client's Stripe subscription changed status, plan or period.",
  "client.payment_failed": "A client's payment failed; the dunning rule's grace days start.",
  "template.rollout_completed": "A template rollout (or its rollback) finished: each chatbot applied, skipped or rolled back.",
  "contact.erased": "A contact's data was erased on request: their conversations, messages and lead are gone.",
  "conversation.rated": "A visitor rated a resolved conversation (1–5, with an optional comment).",
};

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}

/** The contract's delivery state (`deliveryState` of the domain), from the wire shape. */
export function stateOf(delivery: Pick<DeliveryItem, "delivered_at" | "last_error">): DeliveryState {
  return deliveryState({ deliveredAt: delivery.delivered_at ? new Date(delivery.delivered_at) : null, lastError: delivery.last_error });
}

/** Is a delivery still on its way (pending or retrying)? Then the log keeps refreshing. */
export function inFlight(delivery: Pick<DeliveryItem, "delivered_at" | "last_error">): boolean {
  const state = stateOf(delivery);
  return state === "pending" || state === "retrying";
}

/** The friendly screen for users without an agency plan (FORBIDDEN from every agencyWebhooks procedure). */
export function isForbidden(error: { data?: { code?: string } | null } | null | undefined): boolean {
  return error?.data?.code === "FORBIDDEN";
}

export function isNotFound(error: { data?: { code?: string } | null } | null | undefined): boolean {
  return error?.data?.code === "NOT_FOUND";
}

/** Query retry: once for a network or server failure, never for "not an agency owner" or "not found". */
export function retryUnlessRefused(failureCount: number, error: { data?: { code?: string } | null }): boolean {
  return !isForbidden(error) && !isNotFound(error) && failureCount < 1;
}
