import { z } from "zod";
import type { Team } from "@/generated/prisma/client";
import { AGENCY_ACCESS_MODES, AGENCY_GRANT_HOURS, type AgencyAccessMode } from "@/server/access";
import { auditAgencyOf, auditedChange, recordAudit, type AuditActor } from "@/server/audit";
import type { Db } from "@/server/kernel/db/client";
import { AppError } from "@/server/kernel/errors";
import { isUuid } from "@/server/kernel/lib/ids";
import { isoMicro, isoMicroOrNull } from "@/server/kernel/lib/timestamps";

/**
 * What a client workspace asks of its agency (docs/decisions/125-redaction-and-the-agencys-visits.md):
 * `agency_access` "open", or "ask_first" — then the agency's owner requests access and the workspace's
 * admin grants it for AGENCY_GRANT_HOURS or declines. The check itself is the access layer's
 * (access/agency-visits.ts); every change here is in the audit log.
 */
export const accessRequestSchema = z
  .object({
    id: z.string(),
    status: z.enum(["pending", "approved", "declined"]),
    requested_by: z.object({ id: z.string(), name: z.string() }),
    created_at: z.string(),
    decided_at: z.string().nullable(),
    expires_at: z.string().nullable().meta({ description: "An approved request lets the agency read conversations until then" }),
    active: z.boolean().meta({ description: "Approved and not yet expired" }),
  })
  .meta({ id: "AgencyAccessRequest" });
export type AccessRequestJson = z.infer<typeof accessRequestSchema>;

export const agencyAccessSchema = z.enum(AGENCY_ACCESS_MODES).meta({
  description: "open: the agency's owner may read conversations; ask_first: only with a grant of the workspace's admin (24 h)",
});

interface RequestRow {
  id: string;
  status: string;
  requestedBy: string;
  createdAt: Date;
  decidedAt: Date | null;
  expiresAt: Date | null;
}

async function serialize(db: Db, rows: RequestRow[]): Promise<AccessRequestJson[]> {
  const users = await db.user.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.requestedBy))] } }, select: { id: true, name: true, email: true } });
  const nameOf = (id: string) => users.find((u) => u.id === id);
  const now = Date.now();
  return rows.map((r) => ({
    id: r.id,
    status: r.status as AccessRequestJson["status"],
    requested_by: { id: r.requestedBy, name: nameOf(r.requestedBy)?.name || nameOf(r.requestedBy)?.email || "" },
    created_at: isoMicro(r.createdAt),
    decided_at: isoMicroOrNull(r.decidedAt),
    expires_at: isoMicroOrNull(r.expiresAt),
    active: r.status === "approved" && r.expiresAt !== null && r.expiresAt.getTime() > now,
  }));
}

/** The workspace's setting and its latest requests, newest first. */
export async function agencyAccessState(db: Db, team: Pick<Team, "id" | "agencyAccess">) {
  const rows = await db.agencyAccessRequest.findMany({ where: { teamId: team.id }, orderBy: { createdAt: "desc" }, take: 20 });
  return { agency_access: team.agencyAccess as AgencyAccessMode, requests: await serialize(db, rows) };
}

const scopeOf = (team: Team) => ({ agencyId: auditAgencyOf(team), teamId: team.id });

/** The client's admin sets what the workspace asks of its agency. */
export async function setAgencyAccess(db: Db, team: Team, mode: AgencyAccessMode, actor: AuditActor) {
  if (team.agencyAccess !== mode) {
    await auditedChange(db, async (tx) => {
      await tx.team.update({ where: { id: team.id }, data: { agencyAccess: mode } });
      await recordAudit(tx, {
        ...scopeOf(team),
        actor,
        action: "agency_access.changed",
        target: { type: "client", id: team.id, name: team.name },
        before: { agency_access: team.agencyAccess },
        after: { agency_access: mode },
      });
    });
  }
  return agencyAccessState(db, { id: team.id, agencyAccess: mode });
}

/**
 * The agency's owner asks to read the workspace's conversations: a pending request, or the one pending or
 * granted already (asking twice is one request). A workspace that does not ask first needs none (422).
 */
export async function requestAgencyAccess(db: Db, client: Team, actor: AuditActor & { userId: string }) {
  if (client.agencyAccess !== "ask_first") throw new AppError("RULE_VIOLATION", "This workspace lets its agency view its conversations: no request is needed.");
  const open = await db.agencyAccessRequest.findFirst({
    where: { teamId: client.id, OR: [{ status: "pending" }, { status: "approved", expiresAt: { gt: new Date() } }] },
    orderBy: { createdAt: "desc" },
  });
  const request =
    open ??
    (await auditedChange(db, async (tx) => {
      const created = await tx.agencyAccessRequest.create({ data: { teamId: client.id, requestedBy: actor.userId } });
      await recordAudit(tx, { ...scopeOf(client), actor, action: "agency_access.requested", target: { type: "client", id: client.id, name: client.name } });
      return created;
    }));
  return (await serialize(db, [request]))[0]!;
}

/** The client's admin grants a pending request (for AGENCY_GRANT_HOURS) or declines it. */
export async function decideAgencyAccess(db: Db, team: Team, requestId: string, approve: boolean, actor: AuditActor & { userId: string }) {
  const request = isUuid(requestId) ? await db.agencyAccessRequest.findFirst({ where: { id: requestId, teamId: team.id } }) : null;
  if (!request) throw new AppError("NOT_FOUND", "Access request not found.");
  if (request.status !== "pending") throw new AppError("RULE_VIOLATION", `This request was already ${request.status}.`);
  const now = new Date();
  const decided = await auditedChange(db, async (tx) => {
    const updated = await tx.agencyAccessRequest.update({
      where: { id: request.id },
      data: { status: approve ? "approved" : "declined", decidedBy: actor.userId, decidedAt: now, expiresAt: approve ? new Date(now.getTime() + AGENCY_GRANT_HOURS * 3_600_000) : null },
    });
    await recordAudit(tx, {
      ...scopeOf(team),
      actor,
      action: approve ? "agency_access.approved" : "agency_access.declined",
      target: { type: "client", id: team.id, name: team.name },
      after: approve ? { expires_at: isoMicroOrNull(updated.expiresAt) } : null,
    });
    return updated;
  });
  return (await serialize(db, [decided]))[0]!;
}
