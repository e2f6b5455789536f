/**
 * The live streams (docs/decisions/056-live-updates-through-listen-notify.md):
 *
 * - the visitor's, `GET /api/widget/{chatbot_id}/conversations/{conversation_id}/stream`:
 *   `event: message` (an agent's message, `id:` its id) and `event: status`;
 *   while the conversation waits for a person, `event: availability`
 *   (`{agents_available}`) at first and on every change: false when nobody who
 *   may reply has had the inbox open lately (presence-watch.ts).
 *   A reconnect names the last message it got (`Last-Event-ID`, or
 *   `?last_event_id=` on the first connection) and receives what it missed,
 *   read from the table; so does every stream when this process's listening
 *   connection comes back.
 * - the inbox's, for one chatbot: `event: change` for every message and status
 *   change of its conversations (the inbox re-reads what it shows).
 */
import { poolOf, type Db } from "@/server/kernel/db/client";
import { AppError } from "@/server/kernel/errors";
import { isUuid } from "@/server/kernel/lib/ids";
import { eventStream } from "@/server/kernel/http/sse";
import { liveMessage, visitorCatchUp } from "./handoff";
import { watch, type LiveEvent } from "./live";
import { watchPresence } from "./presence-watch";

const notFound = () => new AppError("NOT_FOUND", "Conversation not found.");

/**
 * One read of a new message per process, however many streams show it: every stream of the
 * conversation is told in the same tick and shares the read (a conversation open in 2,000 tabs
 * costs one statement, not 2,000).
 */
const reading = new Map<string, Promise<Awaited<ReturnType<typeof liveMessage>>>>();
function readOnce(db: Db, messageId: string) {
  let read = reading.get(messageId);
  if (!read) {
    read = liveMessage(db, messageId);
    reading.set(messageId, read);
    const forget = () => setTimeout(() => reading.delete(messageId), 1_000).unref();
    read.then(forget, forget);
  }
  return read;
}

/** Whether the conversation is this chatbot's and this visitor's (by the key their token proves). */
async function visitorOwns(db: Db, chatbotId: string, conversationId: string, visitorKey: string): Promise<boolean> {
  if (!isUuid(conversationId)) return false;
  const { rows } = await poolOf(db).query({
    name: "live_visitor_owns",
    text: `SELECT 1 FROM conversations c JOIN visitors v ON v.id = c.visitor_id
            WHERE c.id = $1::uuid AND c.chatbot_id = $2::uuid AND v.visitor_key = $3`,
    values: [conversationId, chatbotId, visitorKey],
  });
  return rows.length > 0;
}

export async function openVisitorStream(
  db: Db,
  opts: { chatbotId: string; teamId: string; conversationId: string; visitorKey: string | null; lastEventId: string | null; signal: AbortSignal; headers?: Record<string, string> },
): Promise<Response> {
  if (!opts.visitorKey || !(await visitorOwns(db, opts.chatbotId, opts.conversationId, opts.visitorKey))) throw notFound();
  let lastId = opts.lastEventId && isUuid(opts.lastEventId) ? opts.lastEventId : null;
  const sent = new Set<string>();
  let status: string | null = null;
  let stop: (() => void) | null = null;
  let stopPresence: (() => void) | null = null;
  let available: boolean | null = null;
  const stream = eventStream(
    opts.signal,
    () => {
      stop?.();
      stopPresence?.();
    },
    opts.headers,
  );

  const sendMessage = (m: { id: string; role: string; content: string; created_at: string; author: string | null }) => {
    if (sent.has(m.id)) return;
    sent.add(m.id);
    lastId = m.id;
    stream.send("message", { id: m.id, role: m.role, content: m.content, created_at: m.created_at, author: m.author }, m.id);
  };
  const sendAvailability = (next: boolean) => {
    if (next === available || stream.closed) return;
    available = next;
    stream.send("availability", { agents_available: next });
  };
  const sendStatus = (next: string, by: string | null = null) => {
    if (next === status) return;
    status = next;
    // Resolved: by whom, as visitors may see them (a reconnect's catch-up does not know: "the team").
    stream.send("status", next === "resolved" ? { status: next, by } : { status: next });
    // Only a waiting visitor is told whether anyone is around; a person who took over is there.
    if (next === "waiting" && !stopPresence && !stream.closed) stopPresence = watchPresence(db, opts.teamId, sendAvailability);
    if (next !== "waiting" && stopPresence) {
      stopPresence();
      stopPresence = null;
      available = null;
    }
  };
  const catchUp = async () => {
    const missed = await visitorCatchUp(db, opts.conversationId, lastId);
    if (!missed) return stream.close();
    sendStatus(missed.status);
    for (const m of missed.messages) sendMessage(m);
  };
  const handle = async (event: LiveEvent) => {
    if (event.kind === "status" && event.status) sendStatus(event.status, event.by ?? null);
    if (event.kind === "unattended") {
      // Nobody came in time (record 122): the visitor is told, and presence no longer says otherwise while it waits.
      stopPresence?.();
      stopPresence = () => undefined;
      sendAvailability(false);
    }
    if (event.kind === "message" && event.role === "agent" && event.message_id) {
      const m = await readOnce(db, event.message_id);
      if (m) sendMessage(m);
    }
  };
  // Frames go out in the order the events came: a message read from the table is not overtaken by the status
  // change notified after it (an agent's last reply, then "resolved").
  let order: Promise<unknown> = Promise.resolve();
  /** Runs after everything before it; the chain goes on past a failure, the caller gets its own outcome. */
  const inOrder = (work: () => Promise<unknown>) => {
    const done = order.then(work);
    order = done.catch(() => undefined);
    return done;
  };
  stop = await watch(
    { conversation: opts.conversationId },
    { onEvent: (event) => void inOrder(() => handle(event)).catch(() => undefined), onResync: () => void inOrder(catchUp).catch(() => undefined) },
  );
  if (stream.closed) stop();
  // Subscribed first, then read: nothing committed in between is missed (a duplicate is dropped by id).
  await inOrder(catchUp);
  return stream.response;
}

export async function openInboxStream(db: Db, opts: { chatbotId: string; signal: AbortSignal }): Promise<Response> {
  let stop: (() => void) | null = null;
  const stream = eventStream(opts.signal, () => stop?.());
  stop = await watch(
    { chatbot: opts.chatbotId },
    {
      onEvent: (e) => stream.send("change", { conversation_id: e.conversation_id, kind: e.kind, role: e.role ?? null, status: e.status ?? null }),
      onResync: () => stream.send("change", { conversation_id: null, kind: "resync", role: null, status: null }),
    },
  );
  if (stream.closed) stop();
  return stream.response;
}
