import type { Chatbot } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import type { ChatbotRole } from "@/server/domain/permissions";
import { isUuid } from "@/server/lib/ids";
import { editableOrForbidden, roleIn, teamRoleFacts, visibleOrNotFound } from "@/server/access/roles";

export interface ChatbotAccess {
  chatbot: Chatbot;
  role: ChatbotRole;
}

/** The chatbot and the caller's role, or null when it does not exist, is deleted, or is not visible (also for a malformed id). */
async function findChatbotAccess(db: Db, userId: string, chatbotId: string): Promise<ChatbotAccess | null> {
  if (!isUuid(chatbotId)) return null;
  const found = await db.chatbot.findFirst({ where: { id: chatbotId, deletedAt: null }, include: { team: { select: teamRoleFacts(userId) } } });
  if (!found) return null;
  const { team, ...chatbot } = found;
  const role = roleIn(userId, team);
  return role ? { chatbot, role } : null;
}

/** For reads: the chatbot and the caller's role, else NOT_FOUND. */
export async function readableChatbot(db: Db, userId: string, chatbotId: string): Promise<ChatbotAccess> {
  return visibleOrNotFound(await findChatbotAccess(db, userId, chatbotId), "Chatbot not found.");
}

/** For changes: NOT_FOUND when not visible, FORBIDDEN when visible but read-only (a `member`). */
export async function editableChatbot(db: Db, userId: string, chatbotId: string): Promise<ChatbotAccess> {
  return editableOrForbidden(await readableChatbot(db, userId, chatbotId), "Your role in this workspace can view this chatbot but not change it.");
}
