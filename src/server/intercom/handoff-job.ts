/**
 * A waiting conversation handed to Intercom (docs/decisions/119-intercom-as-the-human-side.md), queued by
 * the triggers of sql/intercom-handoff.sql — when a conversation starts waiting for a person, and for each
 * later visitor message of a conversation already there — one job key and one queue per conversation, so
 * its messages go in order. The first run finds or creates the visitor as a contact (by e-mail, else by
 * our visitor id as `external_id`) and opens an Intercom conversation with the transcript so far; every
 * later run adds the visitor's messages not yet posted. Each message of ours is recorded as posted
 * (`intercom_messages`), so a rerun posts nothing twice. A 429 (its `X-RateLimit-Reset`), a 5xx or no answer
 * comes back by the platform's one retry policy (kernel/net/retry.ts); any other answer is logged and stops.
 */
import type { JobHelpers } from "graphile-worker";
import { poolOf, type Db } from "@/server/kernel/db/client";
import { enqueueFromTask, job, type JobPayload } from "@/server/kernel/jobs/registry";
import { openSecret } from "@/server/kernel/lib/secret-box";
import { nextRetry, type RetryPolicy } from "@/server/kernel/net/retry";
import { createContact, createConversation, replyAsContact, searchContacts, type IntercomAnswer } from "./intercom-api";
import { transcriptText } from "./rules";
import { INTERCOM } from "@/shared/integrations";

const RETRIES: RetryPolicy = { maxAttempts: 6, baseDelaySeconds: 2, maxDelaySeconds: 3600, freeWaits: 10 };

interface Handoff {
  status: string;
  chatbot_name: string;
  team_id: string;
  visitor_id: string;
  token: string;
  email: string | null;
  name: string | null;
  intercom_conversation_id: string | null;
  intercom_contact_id: string | null;
  /** The conversation's messages not yet in Intercom, oldest first. */
  unposted: Array<{ id: string; role: string; content: string }>;
}

async function handoffContext(db: Db, conversationId: string): Promise<Handoff | null> {
  const { rows } = await poolOf(db).query<Handoff>({
    name: "intercom_handoff_context",
    text: `SELECT c.status, b.name AS chatbot_name, t.id::text AS team_id, c.visitor_id::text, ic.token,
                  k.email, k.name, x.intercom_conversation_id, x.intercom_contact_id,
                  coalesce((SELECT json_agg(json_build_object('id', m.id, 'role', m.role, 'content', m.content) ORDER BY m.created_at, m.id)
                              FROM messages m WHERE m.conversation_id = c.id AND m.role IN ('user', 'assistant', 'agent')
                               AND NOT EXISTS (SELECT 1 FROM intercom_messages im WHERE im.message_id = m.id)), '[]'::json) AS unposted
             FROM conversations c JOIN chatbots b ON b.id = c.chatbot_id AND b.deleted_at IS NULL JOIN teams t ON t.id = b.team_id
             JOIN intercom_connections ic ON ic.team_id = t.id
             LEFT JOIN intercom_conversations x ON x.conversation_id = c.id
             LEFT JOIN LATERAL (SELECT nullif(k.email, '') AS email, nullif(trim(concat_ws(' ', k.first_name, k.last_name)), '') AS name
                                  FROM contacts k WHERE k.chatbot_id = b.id AND k.visitor_id = c.visitor_id ORDER BY k.created_at DESC LIMIT 1) k ON true
            WHERE c.id = $1::uuid AND $2 = ANY (CASE t.kind WHEN 'client' THEN t.enabled_integrations WHEN 'agency' THEN t.included_integrations ELSE '{}'::text[] END)`,
    values: [conversationId, INTERCOM],
  });
  return rows[0] ?? null;
}

/** A call that did not go through: come back later (the policy allows it) or give up with a log line. */
class NotNow extends Error {
  constructor(
    readonly answer: IntercomAnswer<unknown> | null,
    what: string,
  ) {
    super(answer ? `Intercom answered ${answer.status} while ${what}${answer.message ? `: ${answer.message}` : ""}` : `Intercom did not answer while ${what}`);
  }
}

async function called<T>(what: string, call: () => Promise<IntercomAnswer<T>>): Promise<T> {
  let answer: IntercomAnswer<T>;
  try {
    answer = await call();
  } catch {
    throw new NotNow(null, what);
  }
  if (answer.body && answer.status < 300) return answer.body;
  throw new NotNow(answer, what);
}

/** The visitor's Intercom contact: found by e-mail, else by our visitor id as `external_id`, else created. */
async function contactOf(token: string, h: Handoff): Promise<string> {
  if (h.email) {
    const byEmail = await called("searching contacts by e-mail", () => searchContacts(token, "email", h.email!));
    if (byEmail.data[0]) return byEmail.data[0].id;
  }
  const byId = await called("searching contacts by external_id", () => searchContacts(token, "external_id", h.visitor_id));
  if (byId.data[0]) return byId.data[0].id;
  const created = await called("creating the contact", () => createContact(token, { external_id: h.visitor_id, ...(h.email ? { email: h.email } : {}), ...(h.name ? { name: h.name } : {}) }));
  return created.id;
}

async function markPosted(db: Db, conversationId: string, messageIds: string[]) {
  await poolOf(db).query({
    name: "intercom_mark_posted",
    text: `INSERT INTO intercom_messages (message_id, conversation_id) SELECT unnest($2::uuid[]), $1::uuid ON CONFLICT DO NOTHING`,
    values: [conversationId, messageIds],
  });
}

/** Opens the Intercom conversation with the transcript so far; the messages in it are posted. */
async function open(db: Db, conversationId: string, h: Handoff) {
  const token = openSecret(h.token);
  const contactId = await contactOf(token, h);
  const message = await called("opening the conversation", () => createConversation(token, contactId, transcriptText(h.unposted, h.chatbot_name)));
  if (!message.conversation_id) throw new NotNow({ status: 200, body: null, message: "no conversation_id in its answer", retryAfter: null }, "opening the conversation");
  await poolOf(db).query({
    name: "intercom_opened",
    text: `WITH x AS (INSERT INTO intercom_conversations (conversation_id, team_id, intercom_conversation_id, intercom_contact_id) VALUES ($1::uuid, $2::uuid, $3, $4) RETURNING conversation_id)
           INSERT INTO intercom_messages (message_id, conversation_id) SELECT unnest($5::uuid[]), x.conversation_id FROM x ON CONFLICT DO NOTHING`,
    values: [conversationId, h.team_id, message.conversation_id, contactId, h.unposted.map((m) => m.id)],
  });
}

/** Adds the visitor's later messages, one by one, each recorded once it is in. */
async function append(db: Db, conversationId: string, h: Handoff) {
  const token = openSecret(h.token);
  for (const m of h.unposted) {
    // The bot's and our agents' messages after the handoff are not the contact's: only the visitor's are added.
    if (m.role === "user") await called("adding a visitor message", () => replyAsContact(token, h.intercom_conversation_id!, h.intercom_contact_id!, m.content));
    await markPosted(db, conversationId, [m.id]);
  }
}

type Payload = JobPayload<"intercom_handoff">;

export const intercomHandoffJob = job("intercom_handoff", async (db, payload: Payload, helpers: JobHelpers) => {
  const h = await handoffContext(db, payload.conversation_id);
  // Disconnected, not enabled, the conversation gone, or nothing new: nothing to do.
  if (!h || !h.unposted.length) return;
  try {
    if (h.intercom_conversation_id) await append(db, payload.conversation_id, h);
    // Opened only for a conversation that still waits for (or has) a person: one resolved before the job ran stays here.
    else if (h.status === "waiting" || h.status === "human") await open(db, payload.conversation_id, h);
  } catch (error) {
    if (!(error instanceof NotNow)) throw error;
    const retry = nextRetry(RETRIES, payload, { status: error.answer?.status ?? null, retryAfterSeconds: error.answer?.retryAfter ?? null });
    if (!retry) return console.error(`[intercom] conversation ${payload.conversation_id} was not handed over: ${error.message}`);
    await enqueueFromTask(helpers, "intercom_handoff", { ...payload, ...retry.next }, { runAt: new Date(Date.now() + retry.inSeconds * 1000), jobKey: `intercom:${payload.conversation_id}`, queueName: `intercom:${payload.conversation_id}`, maxAttempts: 3 });
  }
});
