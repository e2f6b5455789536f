/**
 * A chatbot's business hours (docs/decisions/122-business-hours-routing-and-ratings.md): stored on the chatbot,
 * read by the widget (open now, or when the team is back) and by asking for a person: outside them the
 * conversation waits marked "outside hours" and the visitor is told when the team is back.
 */
import { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { AppError } from "@/server/kernel/errors";
import { messagesFor } from "@/shared/i18n/messages";
import { backLabel, businessHoursOf, isOpenAt, nextOpening, type BusinessHours } from "./rules/business-hours";

export interface TeamHours {
  open: boolean;
  /** "Back at 09:00" / "Back Monday at 09:00" in the chatbot's language; null while open (or no opening ahead). */
  back_at: string | null;
}

/** Open now, or when the team is back; null for a chatbot without business hours (always open, nothing to say). */
export function teamHoursAt(chatbot: { businessHours: unknown; defaultLanguage: string }, now: Date): TeamHours | null {
  const hours = businessHoursOf(chatbot.businessHours);
  if (!hours) return null;
  if (isOpenAt(hours, now)) return { open: true, back_at: null };
  const opening = nextOpening(hours, now);
  return { open: false, back_at: opening ? backLabel(hours, opening, now, chatbot.defaultLanguage, messagesFor(chatbot.defaultLanguage).panel) : null };
}

/** The stored hours (null: always open). */
export const businessHoursOfChatbot = (chatbot: { businessHours: unknown }): BusinessHours | null => businessHoursOf(chatbot.businessHours);

/** Replaces them (null clears: always open); checked where they come in (businessHoursSchema: 422 naming the field). */
export async function setBusinessHours(db: Db, chatbotId: string, hours: BusinessHours | null): Promise<BusinessHours | null> {
  const updated = await db.chatbot.updateMany({ where: { id: chatbotId, deletedAt: null }, data: { businessHours: hours ?? Prisma.DbNull } });
  if (updated.count === 0) throw new AppError("NOT_FOUND", "Chatbot not found.");
  return hours;
}
