/**
 * The visitor's rating of a resolved conversation, 1–5 with an optional comment (CSAT,
 * docs/decisions/122-business-hours-routing-and-ratings.md): asked for on the widget, the share page and the
 * channels once a person or the visitor resolves it. Only the visitor whose token owns the conversation
 * rates it (anyone else: 404); an open one cannot be rated yet (409); rating again replaces the rating.
 * Each rating sends `conversation.rated` to the agency's webhooks, in the same transaction.
 */
import { poolOf, type Db } from "@/server/kernel/db/client";
import { AppError } from "@/server/kernel/errors";
import { isUuid } from "@/server/kernel/lib/ids";
import { isoMicro } from "@/server/kernel/lib/timestamps";
import { emitEvent } from "@/server/webhooks";
import type { WidgetRatingAnswer } from "@/shared/widget-wire";
import { LIVE_CHANNEL } from "./live";
import { visitorPayload } from "./record";

export { widgetRatingSchema } from "@/shared/widget-wire";

const notFound = () => new AppError("NOT_FOUND", "Conversation not found.");

/**
 * Records (or replaces) a rating by the conversation's visitor: `visitorKey` from the widget's token, or a
 * messaging channel's chat (channels/ratings.ts, the chat's visitor). Null (a caller that found the
 * conversation itself) skips the visitor check, never on the widget.
 */
export async function recordRating(
  db: Db,
  chatbot: { id: string; name: string; teamId: string },
  conversationId: string,
  visitorKey: string | null,
  input: { score: number; comment?: string | null },
  via: "widget" | "channel" = "widget",
): Promise<WidgetRatingAnswer> {
  if (!isUuid(conversationId) || (via === "widget" && !visitorKey)) throw notFound();
  return db.$transaction(async (tx) => {
    const [conversation] = await tx.$queryRaw<Array<{ id: string; status: string; visitor_id: string; agency_id: string | null; assignee_id: string | null }>>`
      SELECT c.id::text, c.status, c.visitor_id::text, t.agency_id::text, c.assignee_id::text
        FROM conversations c JOIN visitors v ON v.id = c.visitor_id JOIN chatbots b ON b.id = c.chatbot_id JOIN teams t ON t.id = b.team_id
       WHERE c.id = ${conversationId}::uuid AND c.chatbot_id = ${chatbot.id}::uuid AND (${visitorKey}::text IS NULL OR v.visitor_key = ${visitorKey}::text)
         FOR UPDATE OF c`;
    if (!conversation) throw notFound();
    if (conversation.status !== "resolved") throw new AppError("CONFLICT", "Only a resolved conversation can be rated.");
    const comment = input.comment?.trim() || null;
    const saved = await tx.conversationRating.upsert({
      where: { conversationId },
      create: { conversationId, chatbotId: chatbot.id, score: input.score, comment },
      update: { score: input.score, comment },
    });
    const contact = await tx.contact.findFirst({ where: { chatbotId: chatbot.id, visitorId: conversation.visitor_id }, orderBy: { createdAt: "asc" } });
    await emitEvent(tx, {
      agencyId: conversation.agency_id,
      teamId: chatbot.teamId,
      chatbotId: chatbot.id,
      type: "conversation.rated",
      data: {
        rating: { conversation_id: conversationId, score: saved.score, comment: saved.comment, assignee_id: conversation.assignee_id, rated_at: isoMicro(saved.updatedAt) },
        visitor: visitorPayload(contact, conversation.visitor_id),
        chatbot_name: chatbot.name,
      },
    });
    return { conversation_id: conversationId, score: saved.score, comment: saved.comment, rated_at: isoMicro(saved.updatedAt) };
  });
}

/** The visitor resolves a conversation the bot answers ("that answered my question"); the live streams hear it at commit. */
export async function resolveByVisitor(db: Db, chatbotId: string, conversationId: string, visitorKey: string | null): Promise<{ status: "resolved" }> {
  if (!visitorKey || !isUuid(conversationId)) throw notFound();
  const { rows } = await poolOf(db).query<{ status: string; resolved: boolean }>({
    name: "rating_resolve_by_visitor",
    text: `WITH c0 AS (
             SELECT c.id, c.status FROM conversations c JOIN visitors v ON v.id = c.visitor_id
              WHERE c.id = $1::uuid AND c.chatbot_id = $2::uuid AND v.visitor_key = $3 FOR UPDATE OF c
           ), c AS (
             UPDATE conversations c SET status = 'resolved', updated_at = now() FROM c0 WHERE c.id = c0.id AND c0.status = 'bot' RETURNING c.id
           )
           SELECT c0.status, EXISTS (SELECT 1 FROM c) AS resolved,
                  CASE WHEN EXISTS (SELECT 1 FROM c) THEN pg_notify('${LIVE_CHANNEL}', json_build_object('chatbot_id', $2::text, 'conversation_id', $1::text, 'kind', 'status', 'status', 'resolved')::text) END
             FROM c0`,
    values: [conversationId, chatbotId, visitorKey],
  });
  const row = rows[0];
  if (!row) throw notFound();
  if (!row.resolved && row.status !== "resolved") throw new AppError("CONFLICT", "A person of the team is in this conversation: they resolve it.");
  return { status: "resolved" };
}
