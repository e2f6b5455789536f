import { AI_ACTIONS, HUBSPOT, INTEGRATIONS, INTERCOM, MICROSOFT_TEAMS, SLACK, TELEGRAM, WHATSAPP, type Integration } from "@/shared/integrations";

/** The seven integration identifiers of the contract (wire values), named by product in src/shared/integrations.ts. */
export { INTEGRATIONS, type Integration };

/**
 * The product behind each identifier (docs/integrations.md): the wire value
 * stays the contract's, the dashboard and the docs say what an agency sells.
 * `available` turns true when the integration does something end to end;
 * until then the dashboard marks it "coming soon" (it can still be included
 * in a plan and enabled, as the contract allows).
 */
export const INTEGRATION_PRODUCTS: Record<Integration, { product: string; description: string; available: boolean }> = {
  [WHATSAPP]: { product: "WhatsApp", description: "The agent answers customers on WhatsApp (Cloud API).", available: true },
  [TELEGRAM]: { product: "Telegram", description: "The agent answers customers through a Telegram bot.", available: true },
  [SLACK]: { product: "Slack", description: "The agent answers Slack DMs and mentions in threads; conversations waiting for a person go to a Slack channel, where a reply in the thread answers the visitor.", available: true },
  [MICROSOFT_TEAMS]: { product: "Microsoft Teams", description: "The agent answers Microsoft Teams chats and mentions in channels, through the client's Azure Bot; conversations waiting for a person go to a Teams channel, where a reply in the thread answers the visitor.", available: true },
  [HUBSPOT]: { product: "HubSpot", description: "Every lead becomes a HubSpot contact with the conversation attached.", available: true },
  [INTERCOM]: { product: "Intercom", description: "Conversations waiting for a person go to the team's Intercom inbox; its replies reach the visitor and closing there resolves them.", available: true },
  [AI_ACTIONS]: { product: "AI actions", description: "The agent calls the client's own APIs (order status, bookings) and offers buttons.", available: true },
};

/** The identifiers with their products, for the API reference (OpenAPI descriptions). */
export const INTEGRATIONS_DESCRIPTION = `Integration identifiers: ${INTEGRATIONS.map((i) => `\`${i}\` (${INTEGRATION_PRODUCTS[i].product})`).join(", ")}.`;
