/**
 * Recording an answered turn (docs/decisions/024-recording-turns-leads-and-escalations.md), in one transaction: the visitor,
 * the conversation (unread until a member opens it), both messages (the
 * assistant's with `answered`, its sources and any provider failure),
 * sentiment and category, then leads and escalations with their outbox
 * events and the escalation e-mail job, and the answer's charge. The message counter triggers keep
 * analytics exact in the same transaction.
 */
import type { Prisma } from "@/generated/prisma/client";
import type pg from "pg";
import { inTransaction, poolOf, type Db } from "@/server/kernel/db/client";
import { categoryOf, sentimentOf } from "@/server/conversations/rules/classify";
import { questionLanguage } from "@/server/conversations/compose";
import { escalationReason, unansweredInARow } from "@/server/conversations/rules/escalation";
import { detectContact, hasContact } from "@/server/conversations/rules/leads";
import { mayEscalate } from "@/server/conversations/rules/turn-escalation";
import { AGENCY_PLAN_DEFAULTS } from "@/server/workspaces";
import type { UsedSource } from "@/server/training";
import { AppError } from "@/server/kernel/errors";
import type { Tx } from "@/server/kernel/db/client";
import { emitEvent } from "@/server/webhooks";
import { enqueue } from "@/server/kernel/jobs/registry";
import { recordEffect, type KeyClaim } from "@/server/kernel/http/idempotency";
import { eventPayload, LIVE_CHANNEL, NOTIFY_SQL } from "./live";

export interface VisitorFields {
  email?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  phone?: string | null;
  custom_data?: unknown;
}

export interface TurnToRecord {
  chatbot: {
    id: string;
    name: string;
    teamId: string;
    enableEscalations: boolean;
    enableEscalationsNotification: boolean;
    escalationsEmail: string;
    escalateMessageThreshold: number;
    /** The hint for the question's language, in which its category is read (rules/classify.ts). */
    defaultLanguage: string;
  };
  agencyId: string | null;
  conversationId: string | null;
  /** A new conversation's source (conversations.source). */
  source: string;
  visitor: { id: string | null; key: string; country: { code: string; name: string } | null; fields: VisitorFields | null };
  question: string;
  askedAt: Date;
  answer: { id: string; content: string; answered: boolean; sources: UsedSource[]; providerError: string | null };
  /** The admission's reservation (null: none, the team is not metered). */
  charge: { metered: boolean; reservationId: string | null };
  /** The REST request's Idempotency-Key claim: the answer's id is recorded on it with the turn (kernel/http/idempotency.ts). */
  idempotency?: KeyClaim | null;
  /** The surface's key of the turn (engine.ts TurnCaller.turnKey), on both messages: a second turn with it fails on the unique index. */
  turnKey?: string | null;
  /** The visitor asked for a person in words: the conversation waits for one, an escalation or not. */
  personAsked?: boolean;
}

export interface RecordedTurn {
  conversationId: string;
  visitorId: string;
  message: { id: string; createdAt: Date };
}

export async function recordTurn(db: Db, turn: TurnToRecord): Promise<RecordedTurn> {
  const fields = turn.visitor.fields ?? {};
  const mayBeLead = hasContact(detectContact(turn.question, turn.visitor.country?.code ?? null)) || Boolean(clean(fields.email) || clean(fields.phone));
  const { chatbot } = turn;
  const escalationPossible = turn.personAsked === true || mayEscalate({ enabled: chatbot.enableEscalations, threshold: chatbot.escalateMessageThreshold, message: turn.question, answered: turn.answer.answered });
  const now = new Date();
  const statement = turnStatement(turn, now);
  const key = turn.idempotency;
  let row: TurnRow | undefined;
  if (!mayBeLead && !escalationPossible) {
    // Most turns are a plain question: the one statement on the pool (with an Idempotency-Key, the answer's
    // id goes onto the key in the same transaction).
    ({ rows: [row] } = key
      ? await inTransaction(db, async (client) => {
          await recordEffect(async (text, values) => (await client.query(text, values)).rowCount ?? 0, key, turn.answer.id);
          return client.query<TurnRow>(statement);
        })
      : await poolOf(db).query<TurnRow>(statement));
  } else {
    // Leads and turns that may escalate: the same statement, then the lead and the escalation, in one transaction.
    row = await db.$transaction(async (tx) => {
      if (key) await recordEffect((text, values) => tx.$executeRawUnsafe(text, ...values), key, turn.answer.id);
      const [recorded] = await tx.$queryRawUnsafe<TurnRow[]>(statement.text, ...(statement.values ?? []));
      if (!recorded) return undefined;
      const at = { visitorId: recorded.visitor_id, conversationId: recorded.conversation_id };
      const contact = await captureLead(tx, turn, at.visitorId, at.conversationId);
      await maybeEscalate(tx, turn, { ...at, contact });
      return recorded;
    });
  }
  if (!row) throw new Error("conversation vanished while recording the turn");
  if (!turn.conversationId) {
    // A lead the widget's form left while this first turn ran has no conversation yet (the form had none to
    // send): it gets this one, and its CRM sync the transcript. After the commit, so the lead, committed before
    // (the visitor's row orders the two), is seen; the form, when it comes after, links the conversation itself.
    await poolOf(db).query({
      name: "link_unlinked_lead",
      text: "UPDATE contacts SET conversation_id = $1::uuid, updated_at = now() WHERE chatbot_id = $2::uuid AND visitor_id = $3::uuid AND conversation_id IS NULL",
      values: [row.conversation_id, turn.chatbot.id, row.visitor_id],
    });
  }
  return { conversationId: row.conversation_id, visitorId: row.visitor_id, message: { id: turn.answer.id, createdAt: now } };
}

/**
 * An answer recorded earlier (`idempotency_keys.recorded_effect`, the retry of
 * a request whose process died after recording it), as `answerQuestion`
 * returned it.
 */
export async function recordedAnswer(db: Db, chatbotId: string, messageId: string) {
  const message = await db.message.findFirst({
    where: { id: messageId, chatbotId, role: "assistant" },
    select: { id: true, conversationId: true, content: true, answered: true, sources: true, createdAt: true },
  });
  if (!message) throw new AppError("NOT_FOUND", "The answer to this request is no longer available.");
  const sources = (message.sources ?? []) as unknown as UsedSource[];
  return {
    conversation_id: message.conversationId,
    message: { id: message.id, role: "assistant" as const, content: message.content, answered: message.answered ?? false, sources, created_at: message.createdAt },
  };
}

/**
 * The turn a surface recorded under its key (TurnToRecord.turnKey), null when there is none: its
 * conversation, and its answer (null when a person had the conversation: the visitor's message was recorded
 * unanswered). A retried channel event takes it instead of a second turn.
 */
export async function recordedTurn(db: Db, chatbotId: string, turnKey: string): Promise<{ conversationId: string; answer: { id: string; content: string } | null } | null> {
  const { rows } = await poolOf(db).query<{ conversation_id: string; role: string; id: string; content: string }>({
    name: "recorded_turn",
    text: `SELECT conversation_id::text, role, id::text, content FROM messages
            WHERE chatbot_id = $1::uuid AND turn_key = $2 ORDER BY role = 'assistant' DESC LIMIT 1`,
    values: [chatbotId, turnKey],
  });
  const row = rows[0];
  if (!row) return null;
  return { conversationId: row.conversation_id, answer: row.role === "assistant" ? { id: row.id, content: row.content } : null };
}

interface TurnRow {
  conversation_id: string;
  visitor_id: string;
}

/**
 * The one statement that records a turn: the visitor (new conversations),
 * the conversation (unread, last message, sentiment, category), both
 * messages and the charge; the counter triggers run at its end, in the same
 * transaction. Named, so PostgreSQL keeps its plan on the pool.
 */
function turnStatement(turn: TurnToRecord, now: Date): pg.QueryConfig {
  const rest = `
    m AS (
      INSERT INTO messages (conversation_id, chatbot_id, role, content, created_at, turn_key)
      SELECT c.id, $1::uuid, 'user', $2, $3::timestamptz, $17::text FROM c RETURNING id
    ), a AS (
      INSERT INTO messages (id, conversation_id, chatbot_id, role, content, answered, sources, provider_error, created_at, turn_key)
      SELECT $4::uuid, c.id, $1::uuid, 'assistant', $5, $6, $7::jsonb, $8, $9::timestamptz, $17::text FROM c RETURNING id
    ), s AS MATERIALIZED (${SETTLE_AFTER_MESSAGES_PARAMS_10_TO_14})
    SELECT c.id::text AS conversation_id, c.visitor_id::text,
           -- The inbox's live list (conversations/live.ts), delivered when the turn commits.
           (SELECT 1 FROM pg_notify('${LIVE_CHANNEL}', json_build_object('chatbot_id', $1::text, 'conversation_id', c.id::text, 'kind', 'message', 'message_id', $4::text, 'role', 'assistant')::text)) AS notified
      FROM c LEFT JOIN s ON true`;
  const values = [
    turn.chatbot.id,
    turn.question,
    turn.askedAt,
    turn.answer.id,
    turn.answer.content,
    turn.answer.answered,
    JSON.stringify(turn.answer.sources),
    turn.answer.providerError,
    now,
    ...settleValues(turn),
    sentimentOf(turn.question),
    categoryOf(turn.question, questionLanguage(turn.chatbot, turn.question)),
    turn.turnKey ?? null,
  ];
  return turn.conversationId
    ? {
        name: "record_turn_existing",
        text: `WITH c AS (
                 UPDATE conversations SET unread = true, last_message_at = $9::timestamptz, updated_at = now(),
                        -- A conversation's sentiment is its latest non-neutral message's (neutral until there is one).
                        sentiment = CASE WHEN $15 <> 'neutral' THEN $15 ELSE COALESCE(sentiment, 'neutral') END,
                        category = COALESCE(category, $16)
                  WHERE id = $18::uuid RETURNING id, visitor_id
               ), ${rest}`,
        values: [...values, turn.conversationId],
      }
    : {
        name: "record_turn_new",
        text: `WITH v AS (
                 INSERT INTO visitors (chatbot_id, visitor_key, country, country_code) VALUES ($1::uuid, $18, $19, $20)
                 ON CONFLICT (chatbot_id, visitor_key) DO UPDATE
                   SET last_seen_at = now(), country = COALESCE(EXCLUDED.country, visitors.country), country_code = COALESCE(EXCLUDED.country_code, visitors.country_code)
                 RETURNING id
               ), c AS (
                 INSERT INTO conversations (chatbot_id, visitor_id, created_at, last_message_at, updated_at, sentiment, category, source)
                 SELECT $1::uuid, v.id, $3::timestamptz, $9::timestamptz, $9::timestamptz, $15, $16, $21 FROM v RETURNING id, visitor_id
               ), ${rest}`,
        values: [...values, turn.visitor.key, turn.visitor.country?.name ?? null, turn.visitor.country?.code ?? null, turn.source],
      };
}

/**
 * The charge of a served answer (docs/decisions/011-credit-reservations-at-admission.md): its reservation becomes the
 * real charge (`settle_answer`), referenced by the assistant message id, in
 * the transaction that records the turn, so an answer is recorded and charged
 * together or not at all. Unmetered teams: the WHERE skips it. It runs
 * after both messages are written (its argument depends on them), so the
 * workspace row that `charge_answer` updates stays locked only for the
 * counter trigger and the commit: concurrent answers of one workspace queue
 * on that row.
 */
const SETTLE_AFTER_MESSAGES_PARAMS_10_TO_14 = `
  SELECT 1 AS charged
    FROM (SELECT (SELECT count(*) FROM m) + (SELECT count(*) FROM a) AS written) w
   CROSS JOIN LATERAL settle_answer(CASE WHEN w.written = 2 THEN $10::uuid END, $11::uuid, $12::text, $13::int)
   WHERE $14::boolean AND w.written = 2`;

function settleValues(turn: TurnToRecord) {
  return [turn.charge.reservationId, turn.chatbot.teamId, turn.answer.id, AGENCY_PLAN_DEFAULTS.monthlyMessages, turn.charge.metered] as const;
}

type ContactRow = Prisma.ContactGetPayload<object>;

const clean = (v: string | null | undefined) => (typeof v === "string" && v.trim() ? v.trim() : null);

/** Creates or completes the chatbot's contact for this visitor; `lead.captured` once, when the contact is new. */
async function captureLead(tx: Tx, turn: TurnToRecord, visitorId: string, conversationId: string): Promise<ContactRow | null> {
  const found = detectContact(turn.question, turn.visitor.country?.code ?? null);
  const fields = turn.visitor.fields ?? {};
  const email = clean(fields.email)?.toLowerCase() ?? found.email;
  const phone = clean(fields.phone) ?? found.phone;
  // The visitor row is the lock that makes "one contact per visitor" hold under concurrent turns.
  await tx.$queryRaw`SELECT id FROM visitors WHERE id = ${visitorId}::uuid FOR UPDATE`;
  const existing = await tx.contact.findFirst({ where: { chatbotId: turn.chatbot.id, visitorId }, orderBy: { createdAt: "asc" } });
  const names = { firstName: clean(fields.first_name), lastName: clean(fields.last_name) };
  const customData = fields.custom_data === undefined ? undefined : (fields.custom_data as Prisma.InputJsonValue);
  if (existing) {
    const data: Prisma.ContactUpdateInput = {};
    if (email && !existing.email) data.email = email;
    if (phone && !existing.phone) data.phone = phone;
    if (names.firstName && !existing.firstName) data.firstName = names.firstName;
    if (names.lastName && !existing.lastName) data.lastName = names.lastName;
    if (customData !== undefined && customData !== null) data.customData = customData;
    return Object.keys(data).length ? tx.contact.update({ where: { id: existing.id }, data }) : existing;
  }
  if (!email && !phone) return null;
  const contact = await tx.contact.create({
    data: {
      teamId: turn.chatbot.teamId,
      chatbotId: turn.chatbot.id,
      visitorId,
      conversationId,
      email: email ?? "",
      phone,
      firstName: names.firstName ?? "",
      lastName: names.lastName ?? "",
      ...(customData !== undefined && customData !== null ? { customData } : {}),
    },
  });
  await emitEvent(tx, {
    agencyId: turn.agencyId,
    teamId: turn.chatbot.teamId,
    chatbotId: turn.chatbot.id,
    type: "lead.captured",
    data: { visitor: visitorPayload(contact, visitorId), chatbot_name: turn.chatbot.name },
  });
  return contact;
}

/** The documented `visitor` object of `lead.captured` (and of `escalation.created`). */
export function visitorPayload(contact: ContactRow | null, visitorId: string) {
  return {
    id: contact?.id ?? visitorId,
    email: contact?.email ?? "",
    first_name: contact?.firstName ?? "",
    last_name: contact?.lastName ?? "",
    phone: contact?.phone ?? null,
    visitor_id: visitorId,
    custom_data: (contact?.customData ?? null) as Prisma.InputJsonValue | null,
  };
}

async function maybeEscalate(tx: Tx, turn: TurnToRecord, at: { visitorId: string; conversationId: string; contact: ContactRow | null }) {
  const { chatbot } = turn;
  // Asked for in words: a person is asked to join whether or not escalations are on (as the widget's button does).
  if (turn.personAsked) await waitForPerson(tx, chatbot.id, at.conversationId);
  if (!chatbot.enableEscalations) return;
  const [already, recent] = await Promise.all([
    tx.escalation.count({ where: { conversationId: at.conversationId } }),
    tx.message.findMany({
      where: { conversationId: at.conversationId, role: "assistant" },
      orderBy: { createdAt: "desc" },
      take: chatbot.escalateMessageThreshold,
      select: { answered: true },
    }),
  ]);
  const reason = escalationReason({
    enabled: true,
    alreadyEscalated: already > 0,
    message: turn.question,
    unansweredInARow: unansweredInARow(recent.map((m) => m.answered).reverse()),
    threshold: chatbot.escalateMessageThreshold,
  });
  if (!reason) return;
  await openEscalation(tx, { chatbot, agencyId: turn.agencyId, conversationId: at.conversationId, visitorId: at.visitorId, contact: at.contact, reason, message: turn.question });
}

/**
 * An escalation: recorded, `escalation.created`, the e-mail job when asked for, and the conversation
 * now waits for a person (docs/decisions/055-conversation-states-and-handoff.md): the bot answers nothing more until an agent takes it or hands it back.
 */
export async function openEscalation(
  tx: Tx,
  e: {
    chatbot: Pick<TurnToRecord["chatbot"], "id" | "name" | "teamId" | "enableEscalationsNotification" | "escalationsEmail">;
    agencyId: string | null;
    conversationId: string;
    visitorId: string;
    contact: ContactRow | null;
    reason: string;
    message: string;
  },
) {
  const { chatbot } = e;
  const notify = chatbot.enableEscalationsNotification && chatbot.escalationsEmail.trim() !== "";
  const escalation = await tx.escalation.create({
    data: { chatbotId: chatbot.id, conversationId: e.conversationId, reason: e.reason, message: e.message, notificationStatus: notify ? "pending" : "disabled" },
  });
  await emitEvent(tx, {
    agencyId: e.agencyId,
    teamId: chatbot.teamId,
    chatbotId: chatbot.id,
    type: "escalation.created",
    data: {
      escalation: { id: escalation.id, conversation_id: e.conversationId, reason: e.reason, message: e.message },
      visitor: visitorPayload(e.contact, e.visitorId),
      chatbot_name: chatbot.name,
    },
  });
  if (notify) {
    await enqueue(tx, "send_escalation_email", { id: escalation.id }, { maxAttempts: 5, jobKey: `escalation-email:${escalation.id}` });
  }
  await waitForPerson(tx, chatbot.id, e.conversationId);
}

/** A conversation the bot had now waits for a person; the live streams are told at commit. */
export async function waitForPerson(tx: Tx, chatbotId: string, conversationId: string) {
  const moved = await tx.$queryRaw<Array<{ id: string }>>`
    UPDATE conversations SET status = 'waiting', updated_at = now() WHERE id = ${conversationId}::uuid AND status IN ('bot', 'resolved') RETURNING id::text`;
  if (moved.length) await tx.$queryRawUnsafe(NOTIFY_SQL, eventPayload({ chatbot_id: chatbotId, conversation_id: conversationId, kind: "status", status: "waiting" }));
}
