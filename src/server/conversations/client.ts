/** The conversations capability's pure rules for the UI (no server code). */
export { CONVERSATION_SOURCES, CONVERSATION_STATUSES, SOURCE_LABELS, STATUS_LABELS, botIsSilent } from "./rules/handoff";
export type { ConversationSource, ConversationStatus } from "./rules/handoff";
export { DEFAULT_LEAD_FORM, LEAD_FIELD_TYPES, leadFormSchema } from "./rules/lead-form";
export type { LeadField, LeadForm } from "./rules/lead-form";
export { matchingShortcuts, SAVED_REPLY_VARIABLES, SHORTCUT_PATTERN, slashQuery } from "./rules/saved-replies";
export { slaState, waitedLabel } from "./rules/reply-sla";
export type { SlaState } from "./rules/reply-sla";
