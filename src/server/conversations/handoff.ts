/**
 * A person in the conversation (docs/decisions/055-conversation-states-and-handoff.md):
 * the visitor's message while the bot is silent, an agent's reply, and the
 * conversation's status and assignee. Each is ONE statement that also
 * NOTIFYs the live streams (conversations/live.ts), so the event goes out
 * exactly when the change commits, to every app process.
 */
import { z } from "zod";
import { poolOf, type Db } from "@/server/kernel/db/client";
import { AppError, validationError } from "@/server/kernel/errors";
import { isUuid } from "@/server/kernel/lib/ids";
import { isoMicro } from "@/server/kernel/lib/timestamps";
import type { Chatbot } from "@/generated/prisma/client";
import { env } from "@/server/kernel/env";
import { mayReadChatbot } from "@/server/access";
import { botIsSilent, CONVERSATION_STATUSES } from "./rules/handoff";
import { openEscalation, waitForPerson } from "./record";
import { LIVE_CHANNEL } from "./live";
import type { HandoffAnswer } from "@/shared/widget-wire";
import { getConversation } from "./inbox";
import { teamHoursAt } from "./business-hours";
import { markOutsideHours } from "./unattended";

const notFound = () => new AppError("NOT_FOUND", "Conversation not found.");

/** `pg_notify` of one live event built in SQL (`$chatbot`, `$conversation` are parameters or columns). */
const notifySql = (chatbot: string, conversation: string, fields: string) =>
  `pg_notify('${LIVE_CHANNEL}', json_build_object('chatbot_id', ${chatbot}::text, 'conversation_id', ${conversation}::text, ${fields})::text)`;

/** The answer of a turn the bot did not answer is also the widget's `done` event: one of the widget's wire shapes. */
export { handoffAnswerSchema, type HandoffAnswer } from "@/shared/widget-wire";

/**
 * A visitor's message while a person is asked for or owns the conversation: recorded (the inbox sees it
 * live), not answered, not charged.
 */
export async function recordVisitorMessageForPerson(
  db: Db,
  chatbotId: string,
  conversation: { id: string; status: "waiting" | "human" },
  content: string,
  /** The turn's key (engine.ts TurnCaller.turnKey): a retried channel event finds this message and records none. */
  turnKey: string | null = null,
): Promise<HandoffAnswer> {
  const { rows } = await poolOf(db).query<{ id: string; created_at: Date; status: "waiting" | "human" }>({
    name: "handoff_visitor_message",
    text: `WITH m AS (
             INSERT INTO messages (conversation_id, chatbot_id, role, content, turn_key) VALUES ($1::uuid, $2::uuid, 'user', $3, $4) RETURNING id, created_at
           ), c AS (
             UPDATE conversations SET unread = true, last_message_at = (SELECT created_at FROM m), updated_at = now() WHERE id = $1::uuid RETURNING status
           )
           SELECT m.id::text, m.created_at, c.status, ${notifySql("$2", "$1", "'kind', 'message', 'message_id', m.id::text, 'role', 'user'")}
             FROM m CROSS JOIN c`,
    values: [conversation.id, chatbotId, content, turnKey],
  });
  const row = rows[0];
  if (!row) throw notFound();
  return {
    conversation_id: conversation.id,
    answered: false,
    handoff: true,
    status: row.status === "human" ? "human" : conversation.status,
    message: { id: row.id, role: "user", content, created_at: isoMicro(row.created_at) },
  };
}

export const agentMessageSchema = z
  .object({ id: z.string(), role: z.literal("agent"), content: z.string(), user_id: z.string().nullable(), created_at: z.string() })
  .meta({ id: "AgentMessage" });

/**
 * An agent's reply: recorded with its author, uncharged; the conversation becomes `human` (owned by the author if nobody owned it).
 * `userId` null: a person outside the platform's users (a reply in the Slack handoff thread, channels/handoff.ts).
 */
export async function postAgentMessage(db: Db, chatbotId: string, conversationId: string, userId: string | null, content: string) {
  if (!isUuid(conversationId)) throw notFound();
  const { rows } = await poolOf(db).query<{ id: string; created_at: Date }>({
    name: "handoff_agent_message",
    text: `WITH c0 AS (
             SELECT id, status FROM conversations WHERE id = $1::uuid AND chatbot_id = $2::uuid FOR UPDATE
           ), m AS (
             INSERT INTO messages (conversation_id, chatbot_id, role, content, user_id)
             SELECT c0.id, $2::uuid, 'agent', $3, $4::uuid FROM c0 RETURNING id, created_at
           ), c AS (
             UPDATE conversations c SET status = 'human', assignee_id = COALESCE(c.assignee_id, $4::uuid), unread = false,
                    last_message_at = m.created_at, updated_at = now()
               FROM c0, m WHERE c.id = c0.id RETURNING c0.status AS before
           )
           SELECT m.id::text, m.created_at,
                  ${notifySql("$2", "$1", "'kind', 'message', 'message_id', m.id::text, 'role', 'agent'")},
                  CASE WHEN c.before <> 'human' THEN ${notifySql("$2", "$1", "'kind', 'status', 'status', 'human'")} END
             FROM m CROSS JOIN c`,
    values: [conversationId, chatbotId, content, userId],
  });
  const row = rows[0];
  if (!row) throw notFound();
  return { message: { id: row.id, role: "agent" as const, content, user_id: userId, created_at: isoMicro(row.created_at) } };
}

export const conversationPatchInput = z.object({
  status: z.enum(CONVERSATION_STATUSES).optional(),
  assignee_id: z.string().nullable().optional(),
});

/**
 * Take over, assign, hand back, resolve: the status and/or the assignee. An assignee must be someone who
 * may read the chatbot (access's own rule: a member of its workspace or the owner of its agency), else 422.
 */
/**
 * A person from the team as visitors see them (docs/decisions/128-the-dashboard-as-people-use-it.md): their
 * first name, or null ("the team") when the workspace hides names or nobody is known. SQL over `u` (users,
 * may be null) and `t` (the chatbot's team).
 */
const VISITOR_NAME_SQL = `CASE WHEN t.show_agent_names THEN nullif(split_part(btrim(u.name), ' ', 1), '') END`;

/**
 * A change of status or assignee; `by` (a user id) made it. A status change is told to the live streams with
 * who made it as visitors may see them (the widget says "Marked resolved by Anna").
 */
export async function updateConversationState(
  db: Db,
  chatbot: { id: string },
  conversationId: string,
  change: z.output<typeof conversationPatchInput>,
  by: string | null = null,
) {
  if (!isUuid(conversationId)) throw notFound();
  if (change.assignee_id !== undefined && change.assignee_id !== null && !(await mayReadChatbot(db, chatbot.id, change.assignee_id))) {
    throw validationError({ assignee_id: ["The assignee must be a member of this chatbot's workspace."] });
  }
  const { rows } = await poolOf(db).query<{ id: string }>({
    name: "handoff_update_state",
    text: `WITH c0 AS (
             SELECT id, status FROM conversations WHERE id = $1::uuid AND chatbot_id = $2::uuid FOR UPDATE
           ), c AS (
             UPDATE conversations c SET status = COALESCE($3, c.status),
                    assignee_id = CASE WHEN $4::boolean THEN $5::uuid ELSE c.assignee_id END, updated_at = now()
               FROM c0 WHERE c.id = c0.id RETURNING c.id, c.status, c0.status AS before
           ), who AS (
             SELECT ${VISITOR_NAME_SQL} AS name FROM chatbots b JOIN teams t ON t.id = b.team_id LEFT JOIN users u ON u.id = $6::uuid WHERE b.id = $2::uuid
           )
           SELECT c.id::text, CASE WHEN c.status <> c.before THEN ${notifySql("$2", "$1", "'kind', 'status', 'status', c.status, 'by', (SELECT name FROM who)")} END FROM c`,
    values: [conversationId, chatbot.id, change.status ?? null, change.assignee_id !== undefined, change.assignee_id ?? null, by],
  });
  if (!rows[0]) throw notFound();
  return (await getConversation(db, chatbot.id, conversationId)).conversation;
}

/** Agent messages and status a visitor's stream sends: messages after `afterId` (all agent messages when null). */
export async function visitorCatchUp(db: Db, conversationId: string, afterId: string | null) {
  const { rows } = await poolOf(db).query<{ status: string; messages: Array<{ id: string; role: string; content: string; created_at: string; author: string | null }> }>({
    name: "handoff_visitor_catch_up",
    text: `SELECT c.status,
                  (SELECT coalesce(json_agg(json_build_object('id', m.id, 'role', m.role, 'content', m.content, 'created_at', m.created_at, 'author', ${VISITOR_NAME_SQL}) ORDER BY m.created_at, m.id), '[]'::json)
                     FROM messages m LEFT JOIN users u ON u.id = m.user_id JOIN chatbots b ON b.id = c.chatbot_id JOIN teams t ON t.id = b.team_id
                    WHERE m.conversation_id = c.id AND m.role = 'agent' AND (a.id IS NULL OR (m.created_at, m.id) > (a.created_at, a.id))) AS messages
             FROM conversations c LEFT JOIN messages a ON a.id = $2::uuid AND a.conversation_id = c.id
            WHERE c.id = $1::uuid`,
    values: [conversationId, afterId && isUuid(afterId) ? afterId : null],
  });
  const row = rows[0];
  if (!row) return null;
  return { status: row.status, messages: row.messages.map((m) => ({ ...m, created_at: isoMicro(new Date(m.created_at)) })) };
}

/** One message as a stream sends it, or null (deleted since). */
export async function liveMessage(db: Db, messageId: string) {
  const { rows } = await poolOf(db).query<{ id: string; role: string; content: string; created_at: Date; user_id: string | null; author: string | null }>({
    name: "handoff_live_message",
    text: `SELECT m.id::text, m.role, m.content, m.created_at, m.user_id::text, ${VISITOR_NAME_SQL} AS author
             FROM messages m LEFT JOIN users u ON u.id = m.user_id JOIN chatbots b ON b.id = m.chatbot_id JOIN teams t ON t.id = b.team_id
            WHERE m.id = $1::uuid`,
    values: [messageId],
  });
  const m = rows[0];
  return m ? { id: m.id, role: m.role, content: m.content, user_id: m.user_id, author: m.author, created_at: isoMicro(m.created_at) } : null;
}

/** Whether a member who may reply had the inbox open within HANDOFF_AGENT_IDLE_MINUTES. */
export async function agentsAvailable(db: Db, teamId: string): Promise<boolean> {
  const { rows } = await poolOf(db).query<{ available: boolean }>({
    name: "handoff_agents_available",
    text: "SELECT coalesce(agent_seen_at > now() - make_interval(mins => $2::int), false) AS available FROM teams WHERE id = $1::uuid",
    values: [teamId, env().HANDOFF_AGENT_IDLE_MINUTES],
  });
  return rows[0]?.available ?? false;
}

/** A member who may reply has the inbox open (at most one write per workspace every 30 s). */
export async function markAgentSeen(db: Db, teamId: string): Promise<void> {
  await poolOf(db).query({
    name: "handoff_agent_seen",
    text: "UPDATE teams SET agent_seen_at = now() WHERE id = $1::uuid AND (agent_seen_at IS NULL OR agent_seen_at < now() - interval '30 seconds')",
    values: [teamId],
  });
}

/**
 * The visitor asks for a person (the widget's button): the conversation waits for one; with escalations
 * on, as when the rules recognise the request, an escalation with `escalation.created` and its e-mail.
 * Answers whether someone was in the inbox lately: if not, the widget says so and offers the lead form.
 */
export async function requestPerson(db: Db, chatbot: Chatbot, conversationId: string, visitorKey: string | null) {
  if (!visitorKey || !isUuid(conversationId)) throw notFound();
  const status = await db.$transaction(async (tx) => {
    const [conversation] = await tx.$queryRaw<Array<{ id: string; visitor_id: string; status: string; agency_id: string | null }>>`
      SELECT c.id::text, c.visitor_id::text, c.status, t.agency_id::text
        FROM conversations c JOIN visitors v ON v.id = c.visitor_id JOIN teams t ON t.id = ${chatbot.teamId}::uuid
       WHERE c.id = ${conversationId}::uuid AND c.chatbot_id = ${chatbot.id}::uuid AND v.visitor_key = ${visitorKey}
         FOR UPDATE OF c`;
    if (!conversation) throw notFound();
    if (botIsSilent(conversation.status)) return conversation.status;
    const escalated = chatbot.enableEscalations && (await tx.escalation.count({ where: { conversationId } })) === 0;
    if (!escalated) {
      await waitForPerson(tx, chatbot.id, conversationId);
      return "waiting";
    }
    const contact = await tx.contact.findFirst({ where: { chatbotId: chatbot.id, visitorId: conversation.visitor_id }, orderBy: { createdAt: "asc" } });
    await openEscalation(tx, {
      chatbot,
      agencyId: conversation.agency_id,
      conversationId,
      visitorId: conversation.visitor_id,
      contact,
      reason: "requested_human",
      message: "The visitor asked for a person (widget button).",
    });
    return "waiting";
  });
  // Outside business hours (docs/decisions/122-business-hours-routing-and-ratings.md): the conversation waits
  // marked "outside hours", and the visitor hears when the team is back (and gets the lead form).
  const hours = teamHoursAt(chatbot, new Date());
  if (hours && !hours.open) {
    if (status === "waiting") await markOutsideHours(db, conversationId);
    return { status, agents_available: false, back_at: hours.back_at };
  }
  return { status, agents_available: await agentsAvailable(db, chatbot.teamId) };
}
