/**
 * A workspace's Intercom connection (docs/decisions/119-intercom-as-the-human-side.md): connected with an
 * access token verified by Intercom (`GET /me`) and the app's client secret, both sealed; disconnected. Each
 * change commits with its audit entry (docs/decisions/061-audit-log.md); the secrets never enter the log,
 * the Intercom workspace's id does.
 */
import type { Team } from "@/generated/prisma/client";
import { auditedChange, recordAudit, workspaceAuditScope, type AuditAction, type AuditActor } from "@/server/audit";
import type { Db } from "@/server/kernel/db/client";
import { env } from "@/server/kernel/env";
import { AppError, validationError } from "@/server/kernel/errors";
import { sealSecret } from "@/server/kernel/lib/secret-box";
import { intercomMe } from "./intercom-api";
import { INTERCOM } from "@/shared/integrations";

/** Where the workspace's Intercom app sends its webhooks (topics `conversation.admin.replied`, `conversation.admin.closed`). */
export const intercomWebhookUrl = (teamId: string) => `${env().APP_URL.replace(/\/$/, "")}/api/integrations/intercom/webhook/${teamId}`;

export async function intercomStatusOf(db: Db, team: Pick<Team, "id" | "kind" | "enabledIntegrations">) {
  const connection = await db.intercomConnection.findUnique({ where: { teamId: team.id }, select: { appId: true, appName: true } });
  return {
    /** A client workspace hands conversations over only while its agency enabled Intercom for it. */
    enabled: team.kind !== "client" || team.enabledIntegrations.includes(INTERCOM),
    connected: connection !== null,
    app_id: connection?.appId ?? null,
    app_name: connection?.appName ?? null,
    webhook_url: intercomWebhookUrl(team.id),
  };
}

export async function intercomStatus(db: Db, teamId: string) {
  return intercomStatusOf(db, await db.team.findUniqueOrThrow({ where: { id: teamId }, select: { id: true, kind: true, enabledIntegrations: true } }));
}

async function auditIntercom(db: Db, teamId: string, actor: AuditActor, action: AuditAction, appId: string | null, before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  const scope = await workspaceAuditScope(db, teamId);
  await recordAudit(db, { agencyId: scope.agencyId, teamId, actor, action, target: { type: "intercom", id: appId, name: scope.name }, before, after });
}

/** Verifies the token with Intercom (who it acts for, in which workspace), then stores both secrets sealed. */
export async function connectIntercom(db: Db, teamId: string, input: { access_token: string; client_secret: string }, actor: AuditActor) {
  let answer;
  try {
    answer = await intercomMe(input.access_token);
  } catch (error) {
    throw new AppError("SERVICE_UNAVAILABLE", `Intercom could not be reached to verify the token: ${(error as Error).message}`);
  }
  if (answer.status === 401 || answer.status === 403) throw validationError({ access_token: [`Intercom rejected this access token (${answer.status}): ${answer.message ?? "check the app's token"}.`] });
  if (!answer.body) {
    const said = `Intercom answered ${answer.status} while verifying the token${answer.message ? `: ${answer.message.replace(/\.$/, "")}` : ""}.`;
    if (answer.status === 429 || answer.status >= 500) throw new AppError("SERVICE_UNAVAILABLE", said, { headers: { "Retry-After": String(answer.retryAfter ?? 5) } });
    throw new AppError("BAD_GATEWAY", said);
  }
  const appId = answer.body.app?.id_code ?? null;
  const appName = answer.body.app?.name ?? null;
  const sealed = { token: sealSecret(input.access_token), clientSecret: sealSecret(input.client_secret), appId, appName };
  return auditedChange(db, async (tx) => {
    const previous = await tx.intercomConnection.findUnique({ where: { teamId }, select: { appId: true } });
    await tx.intercomConnection.upsert({ where: { teamId }, create: { teamId, ...sealed }, update: sealed });
    await auditIntercom(tx, teamId, actor, "intercom.connected", appId, previous ? { app_id: previous.appId } : null, { app_id: appId });
    return intercomStatus(tx, teamId);
  });
}

/** Forgets the secrets: nothing more is handed over; conversations already in Intercom stay there. */
export async function disconnectIntercom(db: Db, teamId: string, actor: AuditActor) {
  return auditedChange(db, async (tx) => {
    const previous = await tx.intercomConnection.findUnique({ where: { teamId }, select: { appId: true } });
    await tx.intercomConnection.deleteMany({ where: { teamId } });
    if (previous) await auditIntercom(tx, teamId, actor, "intercom.disconnected", previous.appId, { app_id: previous.appId }, null);
    return intercomStatus(tx, teamId);
  });
}
