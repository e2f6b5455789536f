import { INTEGRATIONS, type Integration } from "@/server/workspaces/client";

export { INTEGRATIONS, type Integration };

/** Human labels for the seven integration identifiers (the wire values stay as they are). */
export const INTEGRATION_LABELS: Record<Integration, { label: string; description: string }> = {
  messaging_app_1: { label: "Messaging app 1", description: "Answer customers in the first messaging app." },
  crm_1: { label: "CRM", description: "Send captured leads to the CRM." },
  team_chat_1: { label: "Team chat 1", description: "Escalations and lead alerts in the first team chat." },
  team_chat_2: { label: "Team chat 2", description: "Escalations and lead alerts in the second team chat." },
  messaging_app_2: { label: "Messaging app 2", description: "Answer customers in the second messaging app." },
  chat_platform_1: { label: "Chat platform", description: "Hand conversations to the live-chat platform." },
  actions: { label: "Actions", description: "Let agents call the client's own APIs." },
};
