import type { Db } from "@/server/kernel/db/client";
import { AppError, validationError } from "@/server/kernel/errors";
import type { WidgetFeedback } from "@/shared/widget-wire";

/** What the widget sends: one of its wire shapes. */
export { widgetFeedbackSchema } from "@/shared/widget-wire";

/**
 * A visitor's thumbs up or down on one answer; a second vote on the same
 * answer replaces the first (one row per message: `feedback.message_id` is
 * unique).
 */
export async function recordWidgetFeedback(db: Db, chatbotId: string, input: WidgetFeedback) {
  const message = await db.message.findFirst({ where: { id: input.message_id, chatbotId }, select: { id: true, role: true, conversationId: true } });
  if (!message) throw new AppError("NOT_FOUND", "Message not found.");
  if (message.role !== "assistant") throw validationError({ message_id: ["Only an answer of the chatbot can be rated."] });
  const saved = await db.feedback.upsert({
    where: { messageId: message.id },
    create: { chatbotId, conversationId: message.conversationId, messageId: message.id, rating: input.value },
    update: { rating: input.value },
  });
  return { message_id: saved.messageId, value: saved.rating };
}
