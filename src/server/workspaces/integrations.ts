/** The seven integration identifiers of the contract (wire values). */
export const INTEGRATIONS = [
  "messaging_app_1",
  "crm_1",
  "team_chat_1",
  "team_chat_2",
  "messaging_app_2",
  "chat_platform_1",
  "actions",
] as const;

export type Integration = (typeof INTEGRATIONS)[number];
