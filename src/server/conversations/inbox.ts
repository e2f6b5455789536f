/**
 * Conversations, their transcripts and contacts, for the REST API and the
 * dashboard inbox. Services take the already-checked chatbot id.
 */
import type { Message } from "@/generated/prisma/client";
import { listActionCalls } from "@/server/actions";
import { poolOf, type Db } from "@/server/kernel/db/client";
import { inboxCountsSql } from "@/server/conversations/inbox-counts";
import { keyedPageText, pageWithTotal } from "@/server/kernel/db/pages";
import { modelOfRow } from "@/server/kernel/db/rows";
import { AppError } from "@/server/kernel/errors";
import { isUuid } from "@/server/kernel/lib/ids";
import { serializeContact, serializeConversation, serializeMessage, type ListedContact, type ListedConversation } from "@/server/conversations/serializer";

export type InboxFilter = "all" | "unread" | "archived" | "lead" | "escalated" | "negative" | "people";

export interface ConversationQuery {
  page: number;
  per_page: number;
  archived?: boolean;
  filter?: InboxFilter;
  /** The inbox's own filters (docs/decisions/057-the-inbox-as-a-daily-tool.md): who answers, who owns it (`me` the caller, `none`, or a user id), where it started, text or e-mail. */
  status?: string;
  assignee?: string;
  source?: string;
  search?: string;
  me?: string;
}

/*
 * The lists are one SQL statement each (kernel/db/pages.ts: the page and its total
 * together), with only the columns their responses need and the visitor's
 * country joined to the page's rows only (docs/decisions/038-hot-paths-in-named-sql.md).
 * tests/integration/access-hot-path.test.ts holds them to the filters' rules.
 */

/** Each inbox filter as a condition on `conversations c` (`$1` the chatbot; in the narrowed lists, `$2` the archived flag or null). */
const FILTER_SQL: Record<InboxFilter, string> = {
  all: "true",
  unread: "c.unread",
  archived: "true",
  lead: "EXISTS (SELECT 1 FROM contacts ct WHERE ct.visitor_id = c.visitor_id AND ct.chatbot_id = $1::uuid)",
  escalated: "EXISTS (SELECT 1 FROM escalations e WHERE e.conversation_id = c.id)",
  negative: "c.sentiment = 'negative'",
  // The conversations a person handles: the inbox's "assigned to me" and "unassigned" views (docs/decisions/121-the-inbox-for-a-support-team.md).
  people: "c.status IN ('waiting', 'human')",
};

/** The archived flag a filter implies: "archived" lists archived ones, "unread" the inbox's (not archived) unless asked. */
function archivedFor(q: ConversationQuery): boolean | null {
  const filter = q.filter ?? "all";
  if (filter === "archived") return true;
  if (filter === "unread") return q.archived ?? false;
  return q.archived ?? null;
}

/** One of the listed chatbot's inbox counts (`$1`), or an expression of them. */
const inboxCount = (expr: string) => `(SELECT ${expr} FROM ${inboxCountsSql("$1::uuid")} counts)`;

/**
 * Each filter's total: from the chatbot's inbox counts where they hold it (every, archived or open
 * conversations; the open unread ones), else a count of the matching conversations.
 */
function totalSql(filter: InboxFilter, archived: boolean | null, where: string): string {
  const counted = `(SELECT count(*)::int FROM conversations c WHERE ${where})`;
  if (filter === "all" || filter === "archived")
    return archived === null ? inboxCount("counts.total") : archived ? inboxCount("counts.total - counts.open") : inboxCount("counts.open");
  if (filter === "unread") return archived === false ? inboxCount("counts.unread") : counted;
  return counted;
}

const CONVERSATION_COLUMNS =
  "c.id, c.chatbot_id, c.visitor_id, c.archived, c.unread, c.sentiment, c.message_count, c.status, c.assignee_id, c.source, c.created_at, c.updated_at, c.last_message_at";

export async function listConversations(db: Db, chatbotId: string, q: ConversationQuery) {
  if (q.status || q.assignee || q.source || q.search) return listNarrowedConversations(db, chatbotId, q);
  const filter = q.filter ?? "all";
  const archived = archivedFor(q);
  // The archived flag is written into the statement, one statement per filter and flag, so that each has a
  // plan PostgreSQL keeps (docs/decisions/095-first-pages-keep-their-plan.md); it is a parameter only in the
  // narrowed lists below.
  const where = `c.chatbot_id = $1::uuid AND ${archived === null ? "true" : archived ? "c.archived" : "NOT c.archived"} AND ${FILTER_SQL[filter]}`;
  const { rows, total } = await pageWithTotal<ConversationRow>(db, {
    name: `conversations_page_${filter}_${archived === null ? "any" : archived ? "archived" : "open"}`,
    // The page's ids from the (chatbot_id, [archived,] last_message_at, id) index alone, then those rows (kernel/db/pages.ts,
    // keyedPageText); the total from the inbox counts (or an index-only count), the country looked up for the page's rows
    // only: no sort or window over every conversation.
    text: keyedPageText({
      columns: `${CONVERSATION_COLUMNS}, (SELECT v.country_code FROM visitors v WHERE v.id = c.visitor_id) AS country_code,
                ${totalSql(filter, archived, where)} AS total_count`,
      table: "conversations",
      alias: "c",
      where,
      orderBy: "c.last_message_at DESC, c.id DESC",
      params: 1,
    }),
    countText: `SELECT ${totalSql(filter, archived, where)} AS total_count`,
    values: [chatbotId],
    page: q.page,
    perPage: q.per_page,
  });
  return { current_page: q.page, data: rows.map((r) => serializeConversation(conversationOfRow(r))), per_page: q.per_page, total };
}

/**
 * A search of the messages' text and the lead's e-mail or name (`$6`, LIKE-escaped), as the set of the
 * chatbot's matching conversations: each side is read from its trigram index (migration
 * 20261130020000_inbox_search_trigram: `(chatbot_id, content gin_trgm_ops)` on messages,
 * `(chatbot_id, email, first_name || ' ' || last_name)` on contacts), never by scanning every message
 * of the chatbot (docs/decisions/057-the-inbox-as-a-daily-tool.md).
 */
const SEARCH_SQL = `c.id IN (
    SELECT m.conversation_id FROM messages m WHERE m.chatbot_id = $1::uuid AND m.content ILIKE '%' || $6::text || '%'
    UNION
    SELECT cv.id FROM contacts ct JOIN conversations cv ON cv.chatbot_id = $1::uuid AND cv.visitor_id = ct.visitor_id
     WHERE ct.chatbot_id = $1::uuid AND (ct.email ILIKE '%' || $6::text || '%' OR (ct.first_name || ' ' || ct.last_name) ILIKE '%' || $6::text || '%'))`;

/**
 * The inbox with its own filters (docs/decisions/057-the-inbox-as-a-daily-tool.md): status, assignee, source, and a search of the messages'
 * text and the lead's e-mail or name; the total is counted (these lists are short: a team's open work).
 * With and without a search are two statements, so each keeps a plan of its own.
 */
async function listNarrowedConversations(db: Db, chatbotId: string, q: ConversationQuery) {
  const filter = q.filter ?? "all";
  const assignee = q.assignee === "me" ? (q.me ?? null) : q.assignee && q.assignee !== "none" && !isUuid(q.assignee) ? null : (q.assignee ?? null);
  const search = q.search?.trim() ? escapeLike(q.search.trim()) : null;
  const where = `c.chatbot_id = $1::uuid AND ($2::boolean IS NULL OR c.archived = $2::boolean) AND ${FILTER_SQL[filter]}
    AND ($3::text IS NULL OR c.status = $3::text)
    AND ($4::text IS NULL OR ($4::text = 'none' AND c.assignee_id IS NULL) OR c.assignee_id::text = $4::text)
    AND ($5::text IS NULL OR c.source = $5::text)
    AND ${search === null ? "$6::text IS NULL" : SEARCH_SQL}`;
  const counted = `(SELECT count(*)::int FROM conversations c WHERE ${where})`;
  const { rows, total } = await pageWithTotal<ConversationRow>(db, {
    name: `conversations_narrowed_${filter}${search === null ? "" : "_search"}`,
    text: `SELECT p.*, (SELECT v.country_code FROM visitors v WHERE v.id = p.visitor_id) AS country_code, ${counted} AS total_count
             FROM (SELECT ${CONVERSATION_COLUMNS} FROM conversations c WHERE ${where}
                    ORDER BY c.last_message_at DESC, c.id DESC LIMIT $7 OFFSET $8) p
            ORDER BY p.last_message_at DESC, p.id DESC`,
    countText: `SELECT ${counted} AS total_count`,
    values: [chatbotId, archivedFor(q), q.status ?? null, q.assignee === "none" ? "none" : assignee, q.source ?? null, search],
    page: q.page,
    perPage: q.per_page,
  });
  return { current_page: q.page, data: rows.map((r) => serializeConversation(conversationOfRow(r))), per_page: q.per_page, total };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The leads of the listed conversations' visitors: the inbox shows a name and e-mail instead of "Visitor 7c9ea755". */
export async function leadsOfVisitors(db: Db, chatbotId: string, visitorIds: string[]) {
  if (visitorIds.length === 0) return {};
  const contacts = await db.contact.findMany({
    where: { chatbotId, visitorId: { in: visitorIds } },
    select: { visitorId: true, email: true, firstName: true, lastName: true },
    orderBy: { createdAt: "asc" },
  });
  const byVisitor: Record<string, { name: string; email: string }> = {};
  for (const c of contacts) byVisitor[c.visitorId] ??= { name: `${c.firstName} ${c.lastName}`.trim(), email: c.email };
  return byVisitor;
}

interface ConversationRow {
  id: string;
  chatbot_id: string;
  visitor_id: string;
  archived: boolean;
  unread: boolean;
  sentiment: string | null;
  country_code: string | null;
  message_count: number;
  status: string;
  assignee_id: string | null;
  source: string;
  created_at: Date;
  updated_at: Date;
  last_message_at: Date;
}

function conversationOfRow(r: ConversationRow): ListedConversation {
  return {
    id: r.id,
    chatbotId: r.chatbot_id,
    visitorId: r.visitor_id,
    archived: r.archived,
    unread: r.unread,
    sentiment: r.sentiment,
    messageCount: r.message_count,
    status: r.status,
    assigneeId: r.assignee_id,
    source: r.source,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    lastMessageAt: r.last_message_at,
    visitor: { countryCode: r.country_code },
  };
}

async function conversationOf(db: Db, chatbotId: string, id: string) {
  const found = isUuid(id) ? await db.conversation.findFirst({ where: { id, chatbotId }, include: { visitor: { select: { countryCode: true } } } }) : null;
  if (!found) throw new AppError("NOT_FOUND", "Conversation not found.");
  return found;
}

/**
 * One conversation with its transcript in ONE statement (docs/decisions/038-hot-paths-in-named-sql.md): the
 * conversation, its visitor's country, and the messages with their feedback
 * aggregated as JSON in the transcript's order (timestamps travel as text and
 * become Dates as pg would read them).
 */
export async function getConversation(db: Db, chatbotId: string, id: string) {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", "Conversation not found.");
  const { rows } = await poolOf(db).query<ConversationRow & { messages: MessageJson[] }>({
    name: "conversation_with_messages",
    text: `SELECT ${CONVERSATION_COLUMNS}, v.country_code,
                  (SELECT coalesce(json_agg(json_build_object('id', m.id, 'role', m.role, 'content', m.content, 'answered', m.answered,
                                                              'sources', m.sources, 'rating', f.rating, 'user_id', m.user_id, 'created_at', m.created_at)
                                            ORDER BY m.created_at ASC, m.role DESC), '[]'::json)
                     FROM messages m LEFT JOIN feedback f ON f.message_id = m.id
                    WHERE m.conversation_id = c.id) AS messages
             FROM conversations c JOIN visitors v ON v.id = c.visitor_id
            WHERE c.id = $1::uuid AND c.chatbot_id = $2::uuid`,
    values: [id, chatbotId],
  });
  const row = rows[0];
  if (!row) throw new AppError("NOT_FOUND", "Conversation not found.");
  const { messages, ...conversation } = row;
  return {
    conversation: serializeConversation(conversationOfRow(conversation)),
    messages: messages.map((m) => serializeMessage({ ...m, userId: m.user_id, createdAt: new Date(m.created_at), feedback: m.rating === null ? [] : [{ rating: m.rating }] })),
  };
}

interface MessageJson {
  id: string;
  role: string;
  content: string;
  answered: boolean | null;
  sources: Message["sources"];
  rating: string | null;
  user_id: string | null;
  created_at: string;
}

/** The inbox's detail: the transcript plus what the agency sees and the visitor does not. */
export async function inboxConversation(db: Db, chatbotId: string, id: string, opts: { markRead: boolean; withContacts: boolean }) {
  const detail = await getConversation(db, chatbotId, id);
  if (opts.markRead && detail.conversation.unread) {
    await db.conversation.update({ where: { id }, data: { unread: false } });
    detail.conversation.unread = false;
  }
  const authorIds = [...new Set(detail.messages.flatMap((m) => (m.user_id ? [m.user_id] : [])))];
  const [providerErrors, escalations, contact, authors, actionCalls] = await Promise.all([
    db.message.findMany({ where: { conversationId: id, OR: [{ providerError: { not: null } }, { deliveryError: { not: null } }] }, select: { id: true, providerError: true, deliveryError: true } }),
    db.escalation.findMany({ where: { conversationId: id }, orderBy: { createdAt: "asc" } }),
    opts.withContacts ? db.contact.findFirst({ where: { chatbotId, visitorId: detail.conversation.visitor_id } }) : null,
    authorIds.length ? db.user.findMany({ where: { id: { in: authorIds } }, select: { id: true, name: true } }) : [],
    listActionCalls(db, id),
  ]);
  return {
    ...detail,
    provider_errors: Object.fromEntries(providerErrors.flatMap((m) => (m.providerError ? [[m.id, m.providerError]] : []))),
    /** Replies a messaging channel could not deliver (docs/decisions/069-messaging-channels.md), by message id. */
    delivery_errors: Object.fromEntries(providerErrors.flatMap((m) => (m.deliveryError ? [[m.id, m.deliveryError]] : []))) as Record<string, string>,
    escalations: escalations.map((e) => ({ id: e.id, reason: e.reason, notification_status: e.notificationStatus, created_at: e.createdAt.toISOString() })),
    contact: contact ? serializeContact(contact) : null,
    /** Agent messages' authors by user id (their names). */
    authors: Object.fromEntries(authors.map((u) => [u.id, u.name])) as Record<string, string>,
    /** The HTTP actions called for the answers (docs/decisions/082-crm-rest-and-audit.md), oldest first; each names the answer it served. */
    action_calls: actionCalls,
  };
}

export async function setConversationFlags(db: Db, chatbotId: string, id: string, flags: { unread?: boolean; archived?: boolean }) {
  await conversationOf(db, chatbotId, id);
  await db.conversation.update({ where: { id }, data: flags });
}

export async function listContacts(db: Db, chatbotId: string, page: number, perPage: number) {
  const { rows, total } = await pageWithTotal<Record<string, unknown>>(db, {
    name: "contacts_page",
    text: keyedPageText({
      columns: `c.id, c.visitor_id, c.conversation_id, c.email, c.first_name, c.last_name, c.phone, c.custom_data, c.created_at,
                ${inboxCount("counts.contacts")} AS total_count`,
      table: "contacts",
      alias: "c",
      where: "c.chatbot_id = $1::uuid",
      orderBy: "c.created_at DESC, c.id DESC",
      params: 1,
    }),
    // The total from the chatbot's inbox counts (kept by triggers), not a count of every contact (docs/decisions/067-reads-flat-with-volume.md).
    countText: `SELECT ${inboxCount("counts.contacts")} AS total_count`,
    values: [chatbotId],
    page,
    perPage,
  });
  return { current_page: page, data: rows.map((r) => serializeContact(modelOfRow<ListedContact>(r))), per_page: perPage, total };
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
