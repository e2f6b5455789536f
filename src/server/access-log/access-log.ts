import type { Team } from "@/generated/prisma/client";
import { listWorkspaceAuditBy } from "@/server/audit";
import type { Db } from "@/server/kernel/db/client";

/**
 * A client's Access log (docs/decisions/125-redaction-and-the-agencys-visits.md): what the owner of its
 * agency viewed (recorded by the access layer) and changed (the audit log's entries) in the workspace,
 * newest first, by page. A workspace of no agency has none.
 */
export async function listAgencyAccessLog(db: Db, team: Pick<Team, "id" | "agencyId">, page: { page: number; per_page: number }) {
  const agency = team.agencyId ? await db.team.findUnique({ where: { id: team.agencyId }, select: { ownerId: true } }) : null;
  if (!agency) return { current_page: page.page, data: [], per_page: page.per_page, total: 0 };
  return listWorkspaceAuditBy(db, team.id, agency.ownerId, page);
}
