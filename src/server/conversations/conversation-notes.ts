/**
 * What the team writes on a conversation for itself (docs/decisions/121-the-inbox-for-a-support-team.md):
 * an internal note in the thread (`internal`) or a note beside it (`note`). Kept in their own table, never
 * as messages: the widget, the share page, the channels, the webhooks and the LLM's history all read
 * `messages`, so nothing that reaches a visitor can carry a note. Writing one tells the inbox's live
 * stream (kind `note`); the visitor's stream listens to messages and statuses only.
 */
import { z } from "zod";
import { poolOf, type Db } from "@/server/kernel/db/client";
import { AppError } from "@/server/kernel/errors";
import { isUuid } from "@/server/kernel/lib/ids";
import { isoMicro } from "@/server/kernel/lib/timestamps";
import { LIVE_CHANNEL } from "./live";

export const NOTE_KINDS = ["internal", "note"] as const;
export const noteInput = z.object({
  kind: z.enum(NOTE_KINDS).meta({ description: "`internal`: shown in the thread's order, dashed; `note`: beside the thread. Never sent to the visitor either way" }),
  body: z.string().trim().min(1, "The note must not be empty.").max(4000),
});

export const conversationNoteSchema = z
  .object({
    id: z.string(),
    kind: z.enum(NOTE_KINDS),
    body: z.string(),
    user_id: z.string().nullable(),
    author: z.string().nullable().meta({ description: "The writer's name (null: unknown or since removed)" }),
    created_at: z.string(),
  })
  .meta({ id: "ConversationNote" });

const notFound = () => new AppError("NOT_FOUND", "Conversation not found.");

export type ConversationNote = z.output<typeof conversationNoteSchema>;

/** One note, written and announced to the inbox in one statement (the event goes out when it commits). */
export async function addConversationNote(db: Db, chatbotId: string, conversationId: string, userId: string, input: z.output<typeof noteInput>): Promise<ConversationNote> {
  if (!isUuid(conversationId)) throw notFound();
  const { rows } = await poolOf(db).query<{ id: string; created_at: Date; author: string | null }>({
    name: "conversation_note_add",
    text: `WITH n AS (
             INSERT INTO conversation_notes (conversation_id, chatbot_id, user_id, kind, body)
             SELECT c.id, c.chatbot_id, $3::uuid, $4, $5 FROM conversations c WHERE c.id = $1::uuid AND c.chatbot_id = $2::uuid
             RETURNING id, created_at
           )
           SELECT n.id::text, n.created_at, (SELECT u.name FROM users u WHERE u.id = $3::uuid) AS author,
                  pg_notify('${LIVE_CHANNEL}', json_build_object('chatbot_id', $2::text, 'conversation_id', $1::text, 'kind', 'note')::text)
             FROM n`,
    values: [conversationId, chatbotId, userId, input.kind, input.body],
  });
  const row = rows[0];
  if (!row) throw notFound();
  return { id: row.id, kind: input.kind, body: input.body, user_id: userId, author: row.author, created_at: isoMicro(row.created_at) };
}

/** A conversation's notes, oldest first, with their authors' names; a conversation not of this chatbot is 404. */
export async function listConversationNotes(db: Db, chatbotId: string, conversationId: string): Promise<ConversationNote[]> {
  if (!isUuid(conversationId)) throw notFound();
  const conversation = await db.conversation.findFirst({
    where: { id: conversationId, chatbotId },
    select: { notes: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], include: { user: { select: { name: true } } } } },
  });
  if (!conversation) throw notFound();
  return conversation.notes.map((n) => ({
    id: n.id,
    kind: n.kind === "note" ? "note" : "internal",
    body: n.body,
    user_id: n.userId,
    author: n.user?.name ?? null,
    created_at: isoMicro(n.createdAt),
  }));
}
