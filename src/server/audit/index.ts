/** The audit capability's public surface: other capabilities and the transports import only this (lint: import/no-restricted-paths). */
export { AUDIT_ACTIONS } from "./actions";
export type { AuditAction } from "./actions";
export { actorOf, auditAgencyOf, auditedChange, changedFields, recordAudit, recordChannelChange, recordChatbotChange, workspaceAuditScope } from "./record";
export type { AuditActor } from "./record";
export { auditRouter } from "./router";
export { auditEntrySchema, listWorkspaceAuditBy } from "./log";
