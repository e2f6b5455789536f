import type { Db } from "@/server/db/client";

/**
 * Tenancy in one place: which teams and chatbots a user may see. Another
 * tenant's object is simply not found (never "forbidden").
 */

export function findAgencyOwnedBy(db: Db, userId: string) {
  return db.team.findFirst({ where: { ownerId: userId, kind: "agency", plan: "agency" }, orderBy: { createdAt: "asc" } });
}

/** Teams whose chatbots the user sees: every team they belong to, plus the workspaces of agencies they own. */
export async function visibleTeamIds(db: Db, userId: string): Promise<string[]> {
  const [memberships, ownedAgencies] = await Promise.all([
    db.membership.findMany({ where: { userId }, select: { teamId: true } }),
    db.team.findMany({ where: { ownerId: userId, kind: "agency" }, select: { id: true } }),
  ]);
  const ids = new Set(memberships.map((m) => m.teamId));
  if (ownedAgencies.length) {
    const clients = await db.team.findMany({ where: { agencyId: { in: ownedAgencies.map((a) => a.id) } }, select: { id: true } });
    for (const c of clients) ids.add(c.id);
  }
  return [...ids];
}

/** The chatbot if the user may see it, else null (the caller answers 404). */
export async function findVisibleChatbot(db: Db, userId: string, chatbotId: string) {
  const chatbot = await db.chatbot.findFirst({ where: { id: chatbotId, deletedAt: null } });
  if (!chatbot) return null;
  const teams = await visibleTeamIds(db, userId);
  return teams.includes(chatbot.teamId) ? chatbot : null;
}
