import type { Agency } from "@/server/access";
import { actorOf, auditedChange, changedFields, recordAudit } from "@/server/audit";
import type { Db } from "@/server/kernel/db/client";
import { validationError } from "@/server/kernel/errors";
import { agencyRetentionErrors } from "@/shared/data-retention";

export interface AgencyRetentionJson {
  default_days: number | null;
  max_days: number | null;
}

export const agencyRetentionOf = (agency: Agency): AgencyRetentionJson => ({ default_days: agency.dataRetentionDefaultDays, max_days: agency.dataRetentionMaxDays });

/**
 * The agency's retention for its clients (docs/decisions/124-retention-and-a-persons-data.md): the default a
 * client without its own number keeps its data, and the maximum no client may exceed. Recorded in the audit log.
 */
export async function setAgencyRetention(ctx: Parameters<typeof actorOf>[0] & { db: Db; agency: Agency }, input: AgencyRetentionJson): Promise<AgencyRetentionJson> {
  const errors = agencyRetentionErrors({ defaultDays: input.default_days, maxDays: input.max_days });
  if (Object.keys(errors).length) throw validationError(Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]])));
  return auditedChange(ctx.db, async (db) => {
    const updated = await db.team.update({
      where: { id: ctx.agency.id },
      data: { dataRetentionDefaultDays: input.default_days, dataRetentionMaxDays: input.max_days },
    });
    const after = agencyRetentionOf(updated);
    const diff = changedFields({ ...agencyRetentionOf(ctx.agency) }, { ...after });
    if (diff) {
      await recordAudit(db, { agencyId: ctx.agency.id, teamId: null, actor: actorOf(ctx), action: "agency.data_retention_changed", target: { type: "agency", id: ctx.agency.id, name: ctx.agency.name }, ...diff });
    }
    return after;
  });
}
