/**
 * The contract's integration identifiers, each under the name of the product behind it
 * (docs/integrations.md): code says which product it means, the wire keeps the contract's value.
 * Here rather than in the workspaces capability that validates `enabled_integrations`, because the
 * channels' pure rules and the dashboard need them too, and they may import only what the browser runs.
 */
export const WHATSAPP = "messaging_app_1";
export const TELEGRAM = "messaging_app_2";
export const SLACK = "team_chat_1";
export const MICROSOFT_TEAMS = "team_chat_2";
export const INTERCOM = "chat_platform_1";
export const HUBSPOT = "crm_1";
export const AI_ACTIONS = "actions";

/** The seven, in the contract's order. */
export const INTEGRATIONS = [WHATSAPP, HUBSPOT, SLACK, MICROSOFT_TEAMS, TELEGRAM, INTERCOM, AI_ACTIONS] as const;

export type Integration = (typeof INTEGRATIONS)[number];
