/** What the webhooks capability shares with the browser: pure rules and types, no I/O (imported by src/components). */
export { EVENT_TYPES, deliveryState } from "./events";
export type { DeliveryState, EventType } from "./events";
