/**
 * Conversations, their transcripts and contacts, for the REST API and the
 * dashboard inbox. Services take the already-checked chatbot id.
 */
import type { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { isUuid } from "@/server/lib/ids";
import { serializeContact, serializeConversation, serializeMessage } from "@/server/serializers/conversation";

export type InboxFilter = "all" | "unread" | "archived" | "lead" | "escalated" | "negative";

export interface ConversationQuery {
  page: number;
  per_page: number;
  archived?: boolean;
  filter?: InboxFilter;
}

function whereFor(chatbotId: string, q: ConversationQuery): Prisma.ConversationWhereInput {
  const where: Prisma.ConversationWhereInput = { chatbotId };
  if (q.archived !== undefined) where.archived = q.archived;
  switch (q.filter ?? "all") {
    case "unread":
      return { ...where, unread: true, archived: q.archived ?? false };
    case "archived":
      return { ...where, archived: true };
    case "lead":
      return { ...where, visitor: { contacts: { some: { chatbotId } } } };
    case "escalated":
      return { ...where, escalations: { some: {} } };
    case "negative":
      return { ...where, sentiment: "negative" };
    default:
      return where;
  }
}

export async function listConversations(db: Db, chatbotId: string, q: ConversationQuery) {
  const where = whereFor(chatbotId, q);
  const [rows, total] = await Promise.all([
    db.conversation.findMany({
      where,
      include: { visitor: { select: { countryCode: true } } },
      orderBy: [{ lastMessageAt: "desc" }, { id: "desc" }],
      skip: (q.page - 1) * q.per_page,
      take: q.per_page,
    }),
    db.conversation.count({ where }),
  ]);
  return { current_page: q.page, data: rows.map(serializeConversation), per_page: q.per_page, total };
}

async function conversationOf(db: Db, chatbotId: string, id: string) {
  const found = isUuid(id) ? await db.conversation.findFirst({ where: { id, chatbotId }, include: { visitor: { select: { countryCode: true } } } }) : null;
  if (!found) throw new AppError("NOT_FOUND", "Conversation not found.");
  return found;
}

export async function getConversation(db: Db, chatbotId: string, id: string) {
  const conversation = await conversationOf(db, chatbotId, id);
  const messages = await db.message.findMany({
    where: { conversationId: id },
    include: { feedback: { select: { rating: true } } },
    orderBy: [{ createdAt: "asc" }, { role: "desc" }],
  });
  return { conversation: serializeConversation(conversation), messages: messages.map(serializeMessage) };
}

/** The inbox's detail: the transcript plus what the agency sees and the visitor does not. */
export async function inboxConversation(db: Db, chatbotId: string, id: string, opts: { markRead: boolean; withContacts: boolean }) {
  const detail = await getConversation(db, chatbotId, id);
  if (opts.markRead && detail.conversation.unread) {
    await db.conversation.update({ where: { id }, data: { unread: false } });
    detail.conversation.unread = false;
  }
  const [providerErrors, escalations, contact] = await Promise.all([
    db.message.findMany({ where: { conversationId: id, providerError: { not: null } }, select: { id: true, providerError: true } }),
    db.escalation.findMany({ where: { conversationId: id }, orderBy: { createdAt: "asc" } }),
    opts.withContacts ? db.contact.findFirst({ where: { chatbotId, visitorId: detail.conversation.visitor_id } }) : null,
  ]);
  return {
    ...detail,
    provider_errors: Object.fromEntries(providerErrors.map((m) => [m.id, m.providerError!])),
    escalations: escalations.map((e) => ({ id: e.id, reason: e.reason, notification_status: e.notificationStatus, created_at: e.createdAt.toISOString() })),
    contact: contact ? serializeContact(contact) : null,
  };
}

export async function setConversationFlags(db: Db, chatbotId: string, id: string, flags: { unread?: boolean; archived?: boolean }) {
  await conversationOf(db, chatbotId, id);
  await db.conversation.update({ where: { id }, data: flags });
}

export async function listContacts(db: Db, chatbotId: string, page: number, perPage: number) {
  const where = { chatbotId };
  const [rows, total] = await Promise.all([
    db.contact.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: (page - 1) * perPage, take: perPage }),
    db.contact.count({ where }),
  ]);
  return { current_page: page, data: rows.map(serializeContact), per_page: perPage, total };
}

export async function listEscalations(db: Db, chatbotId: string) {
  const rows = await db.escalation.findMany({ where: { chatbotId }, orderBy: { createdAt: "desc" }, take: 200 });
  return rows.map((e) => ({
    id: e.id,
    conversation_id: e.conversationId,
    reason: e.reason,
    message: e.message,
    notification_status: e.notificationStatus,
    notification_error: e.notificationError,
    notified_at: e.notifiedAt?.toISOString() ?? null,
    created_at: e.createdAt.toISOString(),
  }));
}
