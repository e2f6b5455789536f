import type { Db } from "@/server/db/client";
import { serializeChatbotListItem } from "@/server/serializers/chatbot";
import { visibleTeamIds } from "@/server/services/tenancy";

/** Every chatbot the user may see, with open (not archived) and unread conversation counts. */
export async function listVisibleChatbots(db: Db, userId: string) {
  const teamIds = await visibleTeamIds(db, userId);
  if (!teamIds.length) return [];
  const chatbots = await db.chatbot.findMany({
    where: { teamId: { in: teamIds }, deletedAt: null },
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
