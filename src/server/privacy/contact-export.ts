import { poolOf, type Db } from "@/server/kernel/db/client";
import { isoMicro } from "@/server/kernel/lib/timestamps";
import { contactOfChatbot } from "@/server/privacy/contact-lookup";

/** Rows read per statement: the export holds at most this many messages in memory, whatever the person's history. */
export const EXPORT_BATCH_ROWS = 1_000;

const CONVERSATIONS = `
  SELECT id::text, source, status, category, sentiment, archived, created_at, last_message_at, created_at::text AS key_at
    FROM conversations WHERE visitor_id = $1::uuid AND (created_at, id) > ($2::timestamptz, $3::uuid)
   ORDER BY created_at, id LIMIT $4`;

/** Messages keyed by (created_at, id), each with its rating. */
const MESSAGES = `
  SELECT m.id::text, m.role, m.content, m.answered, m.created_at, f.rating, m.created_at::text AS key_at
    FROM messages m LEFT JOIN feedback f ON f.message_id = m.id
   WHERE m.conversation_id = $1::uuid AND (m.created_at, m.id) > ($2::timestamptz, $3::uuid)
   ORDER BY m.created_at, m.id LIMIT $4`;

const START = ["-infinity", "00000000-0000-0000-0000-000000000000"] as const;

/** `key_at`: the row's time as PostgreSQL writes it, so the next batch starts exactly after it (a Date keeps only milliseconds). */
interface Keyed {
  id: string;
  created_at: Date;
  key_at: string;
}
type ConversationRow = Keyed & { last_message_at: Date };

/** Every row of a keyset-paged statement, a batch at a time. */
async function* keyset<R extends Keyed>(db: Db, sql: string, owner: string): AsyncGenerator<R> {
  let after: readonly [string, string] = START;
  for (;;) {
    const { rows } = await poolOf(db).query<R>(sql, [owner, after[0], after[1], EXPORT_BATCH_ROWS]);
    yield* rows;
    if (rows.length < EXPORT_BATCH_ROWS) return;
    const last = rows[rows.length - 1]!;
    after = [last.key_at, last.id];
  }
}

const iso = (d: Date | null) => (d ? isoMicro(d) : null);

/** The export's JSON, piece by piece: the contact, their visitor, then each conversation with its messages. */
async function* exportPieces(db: Db, contact: Awaited<ReturnType<typeof contactOfChatbot>>): AsyncGenerator<string> {
  const visitor = await db.visitor.findUnique({ where: { id: contact.visitorId } });
  const head = {
    exported_at: isoMicro(new Date()),
    contact: {
      id: contact.id,
      chatbot_id: contact.chatbotId,
      email: contact.email,
      phone: contact.phone,
      first_name: contact.firstName,
      last_name: contact.lastName,
      custom_data: contact.customData ?? null,
      created_at: isoMicro(contact.createdAt),
      updated_at: isoMicro(contact.updatedAt),
    },
    visitor: visitor && { id: visitor.id, country: visitor.country, country_code: visitor.countryCode, created_at: isoMicro(visitor.createdAt), last_seen_at: isoMicro(visitor.lastSeenAt) },
  };
  yield `${JSON.stringify(head).slice(0, -1)},"conversations":[`;
  let firstConversation = true;
  for await (const { key_at: _key, ...c } of keyset<ConversationRow>(db, CONVERSATIONS, contact.visitorId)) {
    const conversation = { ...c, created_at: iso(c.created_at), last_message_at: iso(c.last_message_at) };
    yield `${firstConversation ? "" : ","}${JSON.stringify(conversation).slice(0, -1)},"messages":[`;
    firstConversation = false;
    let firstMessage = true;
    for await (const { key_at: _key, ...m } of keyset<Keyed>(db, MESSAGES, c.id)) {
      yield `${firstMessage ? "" : ","}${JSON.stringify({ ...m, created_at: iso(m.created_at) })}`;
      firstMessage = false;
    }
    yield "]}";
  }
  yield "]}";
}

/**
 * A person's data on request (docs/decisions/124-retention-and-a-persons-data.md): the contact (their lead
 * fields), their visitor, and every conversation of that visitor with its messages and ratings, as one JSON
 * document streamed while it is read: conversations and messages are read in keyset batches, so memory
 * stays bounded by one batch whatever the history. NOT_FOUND (before anything is sent) for a contact that
 * is not the chatbot's.
 */
export async function contactExport(db: Db, chatbotId: string, contactId: string): Promise<{ filename: string; body: ReadableStream<Uint8Array> }> {
  const contact = await contactOfChatbot(db, chatbotId, contactId);
  const pieces = exportPieces(db, contact);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      // Pieces are small: gather up to ~64 kB per chunk so a long history is not thousands of tiny writes.
      let chunk = "";
      while (chunk.length < 65_536) {
        const next = await pieces.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        chunk += next.value;
      }
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
  return { filename: `contact-${contact.id}.json`, body };
}
