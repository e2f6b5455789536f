import type { Chatbot } from "@/generated/prisma/client";
import { visibleTeamsWhere } from "@/server/access";
import type { Db } from "@/server/db/client";
import { canEditChatbot, canViewContacts, type ChatbotRole } from "@/server/domain/permissions";
import { serializeChatbotListItem } from "@/server/serializers/chatbot";

/** Every chatbot the user may see, with open (not archived) and unread conversation counts. */
export async function listVisibleChatbots(db: Db, userId: string) {
  const chatbots = await db.chatbot.findMany({
    where: { team: visibleTeamsWhere(userId), deletedAt: null },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  if (!chatbots.length) return [];
  const counts = await db.$queryRaw<{ chatbot_id: string; open: number; unread: number }[]>`
    SELECT chatbot_id::text AS chatbot_id,
           count(*)::int AS open,
           count(*) FILTER (WHERE unread)::int AS unread
      FROM conversations
     WHERE chatbot_id = ANY(${chatbots.map((c) => c.id)}::uuid[]) AND NOT archived
     GROUP BY chatbot_id`;
  const byId = new Map(counts.map((c) => [c.chatbot_id, c]));
  return chatbots.map((c) => serializeChatbotListItem(c, byId.get(c.id) ?? { open: 0, unread: 0 }));
}

/** The dashboard's header for a checked chatbot: name, type, team and what the caller's role may do. */
export async function chatbotOverview(db: Db, chatbot: Chatbot, role: ChatbotRole) {
  const team = await db.team.findUniqueOrThrow({ where: { id: chatbot.teamId }, select: { name: true } });
  return {
    chatbot: { id: chatbot.id, name: chatbot.name, type: chatbot.type, team_id: chatbot.teamId, team_name: team.name },
    role,
    can_edit: canEditChatbot(role),
    can_view_contacts: canViewContacts(role),
  };
}
