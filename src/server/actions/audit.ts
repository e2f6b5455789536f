import { actorOf, changedFields, recordAudit, workspaceAuditScope, type AuditAction } from "@/server/audit";
import type { Db } from "@/server/kernel/db/client";
import type { ChatbotActionJson } from "./serializer";

/**
 * HTTP action changes in the audit log (docs/decisions/082-crm-rest-and-audit.md): the definition as the API returns it, so
 * header names only — a header value is a secret and never enters the log; a new value shows as its name in
 * `header_values_set`.
 */
type Ctx = Parameters<typeof actorOf>[0] & { chatbot: { teamId: string; name: string } };

const settingsOf = (a: ChatbotActionJson) => ({
  chatbot: a.chatbot_id,
  name: a.name,
  description: a.description,
  method: a.method,
  url: a.url,
  headers: a.headers.map((h) => h.name),
  parameters: a.parameters,
});

async function record(db: Db, ctx: Ctx, action: AuditAction, target: ChatbotActionJson, before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  const scope = await workspaceAuditScope(db, ctx.chatbot.teamId);
  await recordAudit(db, { agencyId: scope.agencyId, teamId: scope.teamId, actor: actorOf(ctx), action, target: { type: "http_action", id: target.id, name: target.name }, before, after });
}

export const auditActionCreated = (db: Db, ctx: Ctx, created: ChatbotActionJson) => record(db, ctx, "http_action.created", created, null, settingsOf(created));

export const auditActionDeleted = (db: Db, ctx: Ctx, deleted: ChatbotActionJson) => record(db, ctx, "http_action.deleted", deleted, settingsOf(deleted), null);

export async function auditActionUpdated(db: Db, ctx: Ctx, before: ChatbotActionJson, after: ChatbotActionJson, headersSent: ReadonlyArray<{ name: string; value?: string }> | undefined) {
  const diff = changedFields(settingsOf(before), settingsOf(after));
  const valuesSet = (headersSent ?? []).filter((h) => h.value !== undefined).map((h) => h.name);
  if (!diff && !valuesSet.length) return;
  await record(db, ctx, "http_action.updated", after, diff?.before ?? {}, { ...(diff?.after ?? {}), ...(valuesSet.length ? { header_values_set: valuesSet } : {}) });
}
