import type { Contact } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { AppError } from "@/server/kernel/errors";
import { isUuid } from "@/server/kernel/lib/ids";

/** One contact of the chatbot: NOT_FOUND for another chatbot's (another workspace's), an erased or a malformed id. */
export async function contactOfChatbot(db: Db, chatbotId: string, contactId: string): Promise<Contact> {
  const contact = isUuid(contactId) ? await db.contact.findFirst({ where: { id: contactId, chatbotId } }) : null;
  if (!contact) throw new AppError("NOT_FOUND", "Contact not found.");
  return contact;
}
