/**
 * Who answers a conversation (docs/decisions/055-conversation-states-and-handoff.md):
 *
 *   bot ──(visitor asks for a person, escalation)──▶ waiting ──(agent takes over or replies)──▶ human
 *    ▲                                                                                          │
 *    └─────────────────────────────── hand back ◀──── resolved ◀────────────────────────────────┘
 *
 * Any status may be set by a member who may reply (PATCH); an agent's message
 * makes the conversation `human`. While `waiting` or `human` the bot answers
 * nothing: the visitor's messages are recorded, uncharged.
 */
import type { ConversationStatus } from "@/shared/widget-wire";
export { CONVERSATION_STATUSES, type ConversationStatus } from "@/shared/widget-wire";

export const CONVERSATION_SOURCES = ["widget", "share", "playground", "api", "channel"] as const;
export type ConversationSource = (typeof CONVERSATION_SOURCES)[number];

export const STATUS_LABELS: Record<ConversationStatus, string> = { bot: "Bot", waiting: "Waiting for a person", human: "With a person", resolved: "Resolved" };
export const SOURCE_LABELS: Record<ConversationSource, string> = { widget: "Widget", share: "Share page", playground: "Playground", api: "API", channel: "Channel" };

/** While a person is asked for or owns the conversation, the bot answers nothing. */
export function botIsSilent(status: string): status is "waiting" | "human" {
  return status === "waiting" || status === "human";
}
