/** The audit capability's pure rules for the UI. */
export { AUDIT_ACTIONS, AUDIT_ACTION_NAMES, AUDIT_ACTOR_TYPES } from "./actions";
export type { AuditAction, AuditActorType } from "./actions";
