import type { Chatbot } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import type { ChatbotRole } from "@/server/domain/permissions";

/**
 * The caller's role for a chatbot: `owner` for the owner of the agency the
 * chatbot's workspace belongs to (or of the chatbot's own agency team), else
 * the user's membership role in the chatbot's team; null when they have none
 * (the caller answers 404).
 */
export async function resolveChatbotRole(db: Db, userId: string, chatbotId: string): Promise<{ chatbot: Chatbot; role: ChatbotRole } | null> {
  const chatbot = await db.chatbot.findFirst({
    where: { id: chatbotId, deletedAt: null },
    include: { team: { select: { kind: true, ownerId: true, agency: { select: { ownerId: true } } } } },
  });
  if (!chatbot) return null;
  const { team, ...bare } = chatbot;
  if (team.agency?.ownerId === userId || (team.kind === "agency" && team.ownerId === userId)) return { chatbot: bare, role: "owner" };
  const membership = await db.membership.findUnique({ where: { teamId_userId: { teamId: chatbot.teamId, userId } }, select: { role: true } });
  return membership ? { chatbot: bare, role: membership.role } : null;
}
