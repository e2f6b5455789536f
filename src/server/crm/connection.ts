import { auditedChange, changedFields, recordAudit, workspaceAuditScope, type AuditAction, type AuditActor } from "@/server/audit";
import type { Db } from "@/server/kernel/db/client";
import type { Team } from "@/generated/prisma/client";
import { AppError, validationError } from "@/server/kernel/errors";
import { sealSecret } from "@/server/kernel/lib/secret-box";
import { accountDetails, type HubspotAnswer } from "./hubspot-api";
import type { FieldMapping } from "./rules";
import { HUBSPOT } from "@/shared/integrations";

/**
 * A workspace's HubSpot connection: connected with a verified private-app token, disconnected, its field
 * mapping. Each change commits with its audit entry (docs/decisions/061-audit-log.md); the token never enters
 * the log, the portal id does.
 */

async function auditHubspot(db: Db, teamId: string, actor: AuditActor, action: AuditAction, portalId: string | null, before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  const scope = await workspaceAuditScope(db, teamId);
  await recordAudit(db, { agencyId: scope.agencyId, teamId, actor, action, target: { type: "hubspot", id: portalId, name: scope.name }, before, after });
}

export async function hubspotStatus(db: Db, teamId: string) {
  return hubspotStatusOf(db, await db.team.findUniqueOrThrow({ where: { id: teamId }, select: { id: true, kind: true, enabledIntegrations: true } }));
}

/** The same, for a caller that holds the workspace's row already (the REST read: one statement, not two). */
export async function hubspotStatusOf(db: Db, team: Pick<Team, "id" | "kind" | "enabledIntegrations">) {
  const connection = await db.hubspotConnection.findUnique({ where: { teamId: team.id }, select: { portalId: true, fieldMapping: true } });
  return {
    /** A client workspace syncs only while its agency enabled HubSpot for it. */
    enabled: team.kind !== "client" || team.enabledIntegrations.includes(HUBSPOT),
    connected: connection !== null,
    portal_id: connection?.portalId ?? null,
    field_mapping: (connection?.fieldMapping ?? {}) as FieldMapping,
  };
}

/**
 * HubSpot's error as what it is: a rate limit or a failure of its own (429, 5xx) passes, so 503 with its
 * Retry-After; any other answer (a 404 from a wrong HUBSPOT_API_BASE_URL, say) is not going to change by
 * retrying, so 502 naming HubSpot's status and message.
 */
function hubspotAnswered(answer: HubspotAnswer<unknown>): AppError {
  const said = `HubSpot answered ${answer.status} while verifying the token${answer.message ? `: ${answer.message.replace(/\.$/, "")}` : ""}.`;
  if (answer.status === 429 || answer.status >= 500) return new AppError("SERVICE_UNAVAILABLE", said, { headers: { "Retry-After": String(answer.retryAfter ?? 5) } });
  return new AppError("BAD_GATEWAY", said);
}

/** Verifies the token with a real API call (account details), then stores it sealed. */
export async function connectHubspot(db: Db, teamId: string, token: string, actor: AuditActor) {
  let answer;
  try {
    answer = await accountDetails(token);
  } catch (error) {
    throw new AppError("SERVICE_UNAVAILABLE", `HubSpot could not be reached to verify the token: ${(error as Error).message}`);
  }
  if (answer.status === 401 || answer.status === 403) throw validationError({ token: [`HubSpot rejected this token (${answer.status}): ${answer.message ?? "check the private app's token and scopes"}.`] });
  if (!answer.body) throw hubspotAnswered(answer);
  const portalId = answer.body.portalId === undefined ? null : String(answer.body.portalId);
  const sealed = sealSecret(token);
  return auditedChange(db, async (tx) => {
    const previous = await tx.hubspotConnection.findUnique({ where: { teamId }, select: { portalId: true } });
    await tx.hubspotConnection.upsert({ where: { teamId }, create: { teamId, token: sealed, portalId, fieldMapping: {} }, update: { token: sealed, portalId } });
    await auditHubspot(tx, teamId, actor, "hubspot.connected", portalId, previous ? { portal_id: previous.portalId } : null, { portal_id: portalId });
    return hubspotStatus(tx, teamId);
  });
}

/** Stops the sync: the token is forgotten, leads waiting for their sync are marked stopped. */
export async function disconnectHubspot(db: Db, teamId: string, actor: AuditActor) {
  return auditedChange(db, async (tx) => {
    const previous = await tx.hubspotConnection.findUnique({ where: { teamId }, select: { portalId: true } });
    await tx.hubspotConnection.deleteMany({ where: { teamId } });
    await tx.crmSync.updateMany({ where: { teamId, status: { in: ["pending", "retrying"] } }, data: { status: "stopped", error: "HubSpot was disconnected." } });
    if (previous) await auditHubspot(tx, teamId, actor, "hubspot.disconnected", previous.portalId, { portal_id: previous.portalId }, null);
    return hubspotStatus(tx, teamId);
  });
}

export async function setFieldMapping(db: Db, teamId: string, mapping: FieldMapping, actor: AuditActor) {
  return auditedChange(db, async (tx) => {
    const previous = await tx.hubspotConnection.findUnique({ where: { teamId }, select: { portalId: true, fieldMapping: true } });
    if (!previous) throw new AppError("RULE_VIOLATION", "Connect HubSpot before mapping fields.");
    await tx.hubspotConnection.update({ where: { teamId }, data: { fieldMapping: mapping } });
    const diff = changedFields({ field_mapping: previous.fieldMapping }, { field_mapping: mapping });
    if (diff) await auditHubspot(tx, teamId, actor, "hubspot.field_mapping_changed", previous.portalId, diff.before, diff.after);
    return hubspotStatus(tx, teamId);
  });
}

/** The sync state of some of a team's leads, by contact id. */
export async function leadSyncs(db: Db, teamId: string, contactIds: readonly string[]) {
  const rows = contactIds.length ? await db.crmSync.findMany({ where: { teamId, contactId: { in: [...contactIds] } } }) : [];
  return Object.fromEntries(
    rows.map((r) => [r.contactId, { status: r.status, error: r.error, hubspot_contact_id: r.hubspotContactId, attempts: r.attempts, synced_at: r.syncedAt?.toISOString() ?? null }]),
  );
}
