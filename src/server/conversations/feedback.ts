import { z } from "zod";
import type { Db } from "@/server/kernel/db/client";
import { AppError, validationError } from "@/server/kernel/errors";
import { isUuid } from "@/server/kernel/lib/ids";

export const widgetFeedbackSchema = z.object({
  message_id: z.string().refine(isUuid, "The {field} field must be a valid id."),
  value: z.enum(["positive", "negative"], { message: "The {field} field must be positive or negative." }),
});

/**
 * A visitor's thumbs up or down on one answer; a second vote on the same
 * answer replaces the first (one row per message: `feedback.message_id` is
 * unique).
 */
export async function recordWidgetFeedback(db: Db, chatbotId: string, input: z.output<typeof widgetFeedbackSchema>) {
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
