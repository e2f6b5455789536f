import type { Team, Webhook } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { isUuid } from "@/server/lib/ids";

/** An agency: a team of kind `agency` on the agency plan. */
export type Agency = Team;

/** The agency the user owns (their first, should there be several), or FORBIDDEN. */
export async function ownedAgency(db: Db, userId: string): Promise<Agency> {
  const agency = await db.team.findFirst({ where: { ownerId: userId, kind: "agency", plan: "agency" }, orderBy: { createdAt: "asc" } });
  if (!agency) throw new AppError("FORBIDDEN", "This action requires the owner of an agency plan account.");
  return agency;
}

/** A client workspace of this agency; another agency's, a deleted one (or a malformed id) is NOT_FOUND. */
export async function clientOfAgency(db: Db, agency: Agency, clientId: string): Promise<Team> {
  const client = isUuid(clientId) ? await db.team.findFirst({ where: { id: clientId, agencyId: agency.id, kind: "client", deletedAt: null } }) : null;
  if (!client) throw new AppError("NOT_FOUND", "Client workspace not found.");
  return client;
}

/** A webhook endpoint of this agency; another agency's (or a malformed id) is NOT_FOUND. */
export async function webhookOfAgency(db: Db, agency: Agency, webhookId: string): Promise<Webhook> {
  const webhook = isUuid(webhookId) ? await db.webhook.findFirst({ where: { id: webhookId, teamId: agency.id } }) : null;
  if (!webhook) throw new AppError("NOT_FOUND", "Webhook not found.");
  return webhook;
}
