import { actorOf, auditedChange, recordAudit } from "@/server/audit";
import type { Db } from "@/server/kernel/db/client";
import { AppError, validationError } from "@/server/kernel/errors";
import { clientRetentionError, effectiveRetentionDays } from "@/shared/data-retention";

/** A client workspace's retention as its own admins see it: its number, its agency's default and maximum, and what holds. */
export interface TeamRetentionJson {
  days: number | null;
  default_days: number | null;
  max_days: number | null;
  effective_days: number | null;
}

interface ClientTeam {
  id: string;
  name: string;
  kind: string;
  agencyId: string | null;
  dataRetentionDays: number | null;
}

async function agencyOf(db: Db, team: ClientTeam) {
  if (team.kind !== "client" || !team.agencyId) throw new AppError("NOT_FOUND", "Only a client workspace has a data retention of its own.");
  const agency = await db.team.findUnique({ where: { id: team.agencyId }, select: { dataRetentionDefaultDays: true, dataRetentionMaxDays: true } });
  if (!agency) throw new AppError("NOT_FOUND", "Only a client workspace has a data retention of its own.");
  return agency;
}

const shaped = (days: number | null, agency: { dataRetentionDefaultDays: number | null; dataRetentionMaxDays: number | null }): TeamRetentionJson => ({
  days,
  default_days: agency.dataRetentionDefaultDays,
  max_days: agency.dataRetentionMaxDays,
  effective_days: effectiveRetentionDays(days, { defaultDays: agency.dataRetentionDefaultDays, maxDays: agency.dataRetentionMaxDays }),
});

export async function teamRetention(db: Db, team: ClientTeam): Promise<TeamRetentionJson> {
  return shaped(team.dataRetentionDays, await agencyOf(db, team));
}

/**
 * The client's own override (docs/decisions/124-retention-and-a-persons-data.md), set from its team page within
 * its agency's maximum: the same rule and the same audit entry as the agency's `PATCH /v1/agency/clients/{id}`.
 */
export async function setTeamRetention(ctx: Parameters<typeof actorOf>[0] & { db: Db }, team: ClientTeam, days: number | null): Promise<TeamRetentionJson> {
  const agency = await agencyOf(ctx.db, team);
  const refusal = clientRetentionError(days, agency.dataRetentionMaxDays);
  if (refusal) throw validationError({ days: [refusal] });
  return auditedChange(ctx.db, async (db) => {
    await db.team.update({ where: { id: team.id }, data: { dataRetentionDays: days } });
    if (days !== team.dataRetentionDays) {
      await recordAudit(db, {
        agencyId: team.agencyId,
        teamId: team.id,
        actor: actorOf(ctx),
        action: "client.data_retention_changed",
        target: { type: "client", id: team.id, name: team.name },
        before: { data_retention_days: team.dataRetentionDays },
        after: { data_retention_days: days },
      });
    }
    return shaped(days, agency);
  });
}
