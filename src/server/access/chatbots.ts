import type { Chatbot } from "@/generated/prisma/client";
import { poolOf, type Db } from "@/server/db/client";
import { modelOfRow } from "@/server/db/rows";
import type { ChatbotRole } from "@/server/domain/permissions";
import { isUuid } from "@/server/lib/ids";
import { editableOrForbidden, roleIn, visibleOrNotFound } from "@/server/access/roles";

export interface ChatbotAccess {
  chatbot: Chatbot;
  role: ChatbotRole;
}

/** A live chatbot's row (every column) and the caller's standing in its team: the facts `roleIn` decides on. */
type AccessRow = Record<string, unknown> & {
  access_team_owner_id: string;
  access_agency_owner_id: string | null;
  access_agency_kind: string | null;
  access_membership_role: "admin" | "editor" | "member" | null;
};

/**
 * The chatbot and the caller's role, or null when it does not exist, is
 * deleted, or is not visible (also for a malformed id). Every chatbot-scoped
 * request starts here, so it is one statement on the pg pool (Prisma would
 * send four: the chatbot, its team, the agency, the membership); the row
 * becomes the Prisma model by its column names (db/rows.ts,
 * tests/integration/access-hot-path.test.ts holds it equal to Prisma's).
 */
async function findChatbotAccess(db: Db, userId: string, chatbotId: string): Promise<ChatbotAccess | null> {
  if (!isUuid(chatbotId)) return null;
  const { rows } = await poolOf(db).query<AccessRow>(
    `SELECT c.*, t.owner_id AS access_team_owner_id, a.owner_id AS access_agency_owner_id,
            a.kind::text AS access_agency_kind, m.role::text AS access_membership_role
       FROM chatbots c
       JOIN teams t ON t.id = c.team_id
       LEFT JOIN teams a ON a.id = t.agency_id
       LEFT JOIN memberships m ON m.team_id = t.id AND m.user_id = $2
      WHERE c.id = $1 AND c.deleted_at IS NULL AND t.deleted_at IS NULL`,
    [chatbotId, userId],
  );
  const row = rows[0];
  if (!row) return null;
  const { access_team_owner_id, access_agency_owner_id, access_agency_kind, access_membership_role, ...columns } = row;
  const role = roleIn(userId, {
    ownerId: access_team_owner_id,
    agency: access_agency_owner_id !== null && access_agency_kind !== null ? { ownerId: access_agency_owner_id, kind: access_agency_kind } : null,
    memberships: access_membership_role ? [{ role: access_membership_role }] : [],
  });
  return role ? { chatbot: modelOfRow<Chatbot>(columns), role } : null;
}

/** For reads: the chatbot and the caller's role, else NOT_FOUND. */
export async function readableChatbot(db: Db, userId: string, chatbotId: string): Promise<ChatbotAccess> {
  return visibleOrNotFound(await findChatbotAccess(db, userId, chatbotId), "Chatbot not found.");
}

/** For changes: NOT_FOUND when not visible, FORBIDDEN when visible but read-only (a `member`). */
export async function editableChatbot(db: Db, userId: string, chatbotId: string): Promise<ChatbotAccess> {
  return editableOrForbidden(await readableChatbot(db, userId, chatbotId), "Your role in this workspace can view this chatbot but not change it.");
}
