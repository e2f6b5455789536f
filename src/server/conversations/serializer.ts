import { z } from "zod";
import type { Contact, Conversation, Message, Visitor } from "@/generated/prisma/client";
import type { UsedSource } from "@/server/training";
import { isoMicro } from "@/server/kernel/lib/timestamps";
import { usedSourceSchema } from "@/shared/widget-wire";
import { CONVERSATION_SOURCES, CONVERSATION_STATUSES, type ConversationSource, type ConversationStatus } from "./rules/handoff";

/** The chat answer is also the widget's `done` event: its shape is one of the widget's wire shapes. */
export { chatAnswerSchema } from "@/shared/widget-wire";

export const conversationSchema = z
  .object({
    id: z.string(),
    chatbot_id: z.string(),
    visitor_id: z.string(),
    archived: z.boolean(),
    unread: z.boolean(),
    sentiment: z.string().nullable(),
    country_code: z.string().nullable(),
    message_count: z.number().int(),
    status: z.enum(CONVERSATION_STATUSES).meta({ description: "Who answers: the bot, waiting for a person, a person, or resolved" }),
    assignee_id: z.string().nullable().meta({ description: "The workspace member who owns the conversation" }),
    source: z.enum(CONVERSATION_SOURCES),
    created_at: z.string(),
    updated_at: z.string(),
    last_message_at: z.string(),
  })
  .meta({ id: "Conversation" });

export const messageSchema = z
  .object({
    id: z.string(),
    role: z.string(),
    content: z.string(),
    answered: z.boolean().nullable(),
    sources: z.array(usedSourceSchema),
    feedback: z.enum(["positive", "negative"]).nullable(),
    user_id: z.string().nullable().meta({ description: "The author of an `agent` message" }),
    created_at: z.string(),
  })
  .meta({ id: "ConversationMessage" });

export const contactSchema = z
  .object({
    id: z.string(),
    visitor_id: z.string(),
    conversation_id: z.string().nullable(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string().nullable(),
    custom_data: z.unknown().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "Contact" });

export const envelopeOf = <T extends z.ZodType>(item: T) =>
  z.object({ current_page: z.number().int(), data: z.array(item), per_page: z.number().int(), total: z.number().int() });

/** What the Conversation resource is made of: the row's listed columns and the visitor's country. */
export type ListedConversation = Pick<
  Conversation,
  "id" | "chatbotId" | "visitorId" | "archived" | "unread" | "sentiment" | "messageCount" | "status" | "assigneeId" | "source" | "createdAt" | "updatedAt" | "lastMessageAt"
> & { visitor: Pick<Visitor, "countryCode"> };

export function serializeConversation(c: ListedConversation): z.infer<typeof conversationSchema> {
  return {
    id: c.id,
    chatbot_id: c.chatbotId,
    visitor_id: c.visitorId,
    archived: c.archived,
    unread: c.unread,
    sentiment: c.sentiment,
    country_code: c.visitor.countryCode,
    message_count: c.messageCount,
    status: c.status as ConversationStatus,
    assignee_id: c.assigneeId,
    source: c.source as ConversationSource,
    created_at: isoMicro(c.createdAt),
    updated_at: isoMicro(c.updatedAt),
    last_message_at: isoMicro(c.lastMessageAt),
  };
}

export const sourcesFromJson = (value: unknown): UsedSource[] => (Array.isArray(value) ? (value as UsedSource[]) : []);

export function serializeMessage(m: Pick<Message, "id" | "role" | "content" | "answered" | "sources" | "createdAt"> & { userId?: string | null; feedback: Array<{ rating: string }> }): z.infer<typeof messageSchema> {
  const rating = m.feedback[0]?.rating;
  return {
    id: m.id,
    role: m.role,
    content: m.content,
    answered: m.answered,
    sources: sourcesFromJson(m.sources),
    feedback: rating === "positive" || rating === "negative" ? rating : null,
    user_id: m.userId ?? null,
    created_at: isoMicro(m.createdAt),
  };
}

/** The columns the Contact resource is made of. */
export type ListedContact = Pick<Contact, "id" | "visitorId" | "conversationId" | "email" | "firstName" | "lastName" | "phone" | "customData" | "createdAt">;

export function serializeContact(c: ListedContact): z.infer<typeof contactSchema> {
  return {
    id: c.id,
    visitor_id: c.visitorId,
    conversation_id: c.conversationId,
    email: c.email,
    first_name: c.firstName,
    last_name: c.lastName,
    phone: c.phone,
    custom_data: c.customData ?? null,
    created_at: isoMicro(c.createdAt),
  };
}
