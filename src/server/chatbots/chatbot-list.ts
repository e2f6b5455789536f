import type { Chatbot } from "@/generated/prisma/client";
import { visibleTeamSql } from "@/server/access";
import { poolOf, type Db } from "@/server/kernel/db/client";
import { inboxCountsSql } from "@/server/conversations";
import { canEditChatbot, canViewContacts, type ChatbotRole } from "@/server/access";
import { serializeChatbotListItem, type ChatbotListItemJson } from "@/server/chatbots/chatbot-serializer";

interface ChatbotListRow {
  id: string;
  team_id: string;
  name: string;
  type: string;
  header_icon: string | null;
  launcher_icon: string | null;
  created_at: Date;
  updated_at: Date;
  open: number;
  unread: number;
}

/**
 * `GET /v1/me/chatbots`: every chatbot the user sees with its open and unread
 * conversation counts, in one statement on the pg pool (the counts per chatbot
 * read the index on conversations(chatbot_id, archived, unread)); the
 * columns are only those the list shows.
 */
export async function listVisibleChatbots(db: Db, userId: string): Promise<ChatbotListItemJson[]> {
  const { rows } = await poolOf(db).query<ChatbotListRow>({
    // Named: PostgreSQL keeps its plan instead of planning the joins each time. The counts are the sums of
    // the chatbot's inbox count rows, kept by a trigger on conversations (migration 20261125110000_inbox_counts),
    // not a count of its conversations.
    name: "chatbots_visible",
    text: `SELECT c.id, c.team_id, c.name, c.type, c.header_icon, c.launcher_icon, c.created_at, c.updated_at,
            counts.open, counts.unread
       FROM chatbots c
       JOIN teams t ON t.id = c.team_id
       CROSS JOIN LATERAL ${inboxCountsSql("c.id")} counts
      WHERE c.deleted_at IS NULL AND ${visibleTeamSql("t", 1)}
      ORDER BY c.created_at, c.id`,
    values: [userId],
  });
  return rows.map((row) =>
    serializeChatbotListItem(
      { id: row.id, teamId: row.team_id, name: row.name, type: row.type, headerIcon: row.header_icon, launcherIcon: row.launcher_icon, createdAt: row.created_at, updatedAt: row.updated_at },
      row,
    ),
  );
}

/** The dashboard's header for a checked chatbot: name, type, team and what the caller's role may do. */
export async function chatbotOverview(db: Db, chatbot: Chatbot, role: ChatbotRole) {
  const [team, conversation] = await Promise.all([
    db.team.findUniqueOrThrow({ where: { id: chatbot.teamId }, select: { name: true } }),
    db.conversation.findFirst({ where: { chatbotId: chatbot.id }, select: { id: true } }),
  ]);
  return {
    has_conversations: conversation !== null,
    chatbot: { id: chatbot.id, name: chatbot.name, type: chatbot.type, team_id: chatbot.teamId, team_name: team.name },
    role,
    can_edit: canEditChatbot(role),
    can_view_contacts: canViewContacts(role),
  };
}
