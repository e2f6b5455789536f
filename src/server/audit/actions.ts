/**
 * What the audit log records (docs/decisions/061-audit-log.md), with the
 * words the owner's page shows. Pure: the UI reads it through the client entry.
 */
export const AUDIT_ACTIONS = {
  "client.created": "Client created",
  "client.updated": "Client settings changed",
  "client.limits_changed": "Limits changed",
  "client.integrations_changed": "Integrations changed",
  "client.auto_topup_changed": "Auto top-up changed",
  "client.credits_reset": "Credits reset",
  "client.topped_up": "Top-up",
  "client.auto_topped_up": "Auto top-up",
  "client.paused": "Paused",
  "client.suspended": "Suspended",
  "client.resumed": "Resumed",
  "client.archived": "Archived",
  "client.restored": "Restored",
  "client.deleted": "Deleted",
  "client.low_credit_alert_changed": "Low-credit alert changed",
  "client.report_settings_changed": "Report settings changed",
  "client.report_send_requested": "Report sent on request",
  "invitation.created": "Invitation sent",
  "invitation.resent": "Invitation resent",
  "invitation.revoked": "Invitation revoked",
  "member.role_changed": "Role changed",
  "member.removed": "Member removed",
  "api_token.created": "API token created",
  "api_token.revoked": "API token revoked",
  "llm_key.set": "LLM key set",
  "llm_key.removed": "LLM key removed",
  "webhook.created": "Webhook created",
  "webhook.updated": "Webhook changed",
  "webhook.deleted": "Webhook deleted",
  "chatbot.created": "Chatbot created",
  "chatbot.deleted": "Chatbot deleted",
  "brand.changed": "Brand changed",
  "custom_domain.set": "Custom domain set",
  "custom_domain.verified": "Custom domain verified",
  "custom_domain.removed": "Custom domain removed",
  "mail_sender.verified": "Sending domain verified",
  "channel.connected": "Channel connected",
  "channel.disconnected": "Channel disconnected",
  "http_action.created": "HTTP action created",
  "http_action.updated": "HTTP action changed",
  "http_action.deleted": "HTTP action deleted",
  "hubspot.connected": "HubSpot connected",
  "hubspot.disconnected": "HubSpot disconnected",
  "hubspot.field_mapping_changed": "HubSpot field mapping changed",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];
export const AUDIT_ACTOR_TYPES = ["user", "api_token", "system"] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];
