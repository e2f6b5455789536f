import type { Team } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { changedFields, recordAudit, type AuditAction, type AuditActor } from "@/server/audit";
import { autoTopupOf } from "@/server/workspaces/clients";

/**
 * What the audit log keeps of a client workspace's settings, grouped by the
 * action a change of them is recorded as (docs/decisions/061-audit-log.md).
 */
const GROUPS: Array<{ action: AuditAction; of: (t: Team) => Record<string, unknown> }> = [
  { action: "client.updated", of: (t) => ({ name: t.name, external_reference: t.externalReference, byok_enabled: t.byokEnabled }) },
  {
    action: "client.limits_changed",
    of: (t) => ({ message_limit: t.messageLimit, source_limit: t.sourceLimit, chatbot_limit: t.chatbotLimit, response_token_limit: t.responseTokenLimit }),
  },
  { action: "client.integrations_changed", of: (t) => ({ enabled_integrations: t.enabledIntegrations }) },
  { action: "client.auto_topup_changed", of: (t) => ({ auto_topup: autoTopupOf(t) }) },
];

type ClientEvent = { db: Db; actor: AuditActor; client: Pick<Team, "id" | "name" | "agencyId"> };

/** One entry about a client workspace. */
export function auditClient({ db, actor, client }: ClientEvent, action: AuditAction, before?: Record<string, unknown> | null, after?: Record<string, unknown> | null) {
  return recordAudit(db, { agencyId: client.agencyId, teamId: client.id, actor, action, target: { type: "client", id: client.id, name: client.name }, before, after });
}

/** The entries of an update: one per group of settings that changed, with only the changed fields. */
export async function auditClientUpdate(event: Omit<ClientEvent, "client">, before: Team, after: Team) {
  for (const group of GROUPS) {
    const diff = changedFields(group.of(before), group.of(after));
    if (diff) await auditClient({ ...event, client: after }, group.action, diff.before, diff.after);
  }
}

/** The settings a new client starts with. */
export function clientSettings(team: Team): Record<string, unknown> {
  return Object.assign({}, ...GROUPS.map((g) => g.of(team)));
}
