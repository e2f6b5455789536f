import type { Chatbot } from "@/generated/prisma/client";
import { poolOf, type Db } from "@/server/db/client";
import type { ChatbotRole } from "@/server/domain/permissions";
import { isUuid } from "@/server/lib/ids";
import { editableOrForbidden, roleIn, visibleOrNotFound } from "@/server/access/roles";

export interface ChatbotAccess {
  chatbot: Chatbot;
  role: ChatbotRole;
}

/** The caller's standing in the team of a live chatbot: the facts `roleIn` decides on. */
interface RoleFactsRow {
  owner_id: string;
  agency_owner_id: string | null;
  agency_kind: string | null;
  membership_role: "admin" | "editor" | "member" | null;
}

/**
 * The chatbot and the caller's role, or null when it does not exist, is
 * deleted, or is not visible (also for a malformed id). Every chatbot-scoped
 * request starts here: the chatbot (Prisma) and the role facts (one joined
 * statement; Prisma's include would send three) are read at once.
 */
async function findChatbotAccess(db: Db, userId: string, chatbotId: string): Promise<ChatbotAccess | null> {
  if (!isUuid(chatbotId)) return null;
  const [chatbot, facts] = await Promise.all([
    db.chatbot.findFirst({ where: { id: chatbotId, deletedAt: null } }),
    poolOf(db).query<RoleFactsRow>(
      `SELECT t.owner_id, a.owner_id AS agency_owner_id, a.kind::text AS agency_kind, m.role::text AS membership_role
         FROM chatbots c
         JOIN teams t ON t.id = c.team_id
         LEFT JOIN teams a ON a.id = t.agency_id
         LEFT JOIN memberships m ON m.team_id = t.id AND m.user_id = $2
        WHERE c.id = $1 AND c.deleted_at IS NULL`,
      [chatbotId, userId],
    ),
  ]);
  const row = facts.rows[0];
  if (!chatbot || !row) return null;
  const role = roleIn(userId, {
    ownerId: row.owner_id,
    agency: row.agency_owner_id !== null && row.agency_kind !== null ? { ownerId: row.agency_owner_id, kind: row.agency_kind } : null,
    memberships: row.membership_role ? [{ role: row.membership_role }] : [],
  });
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
