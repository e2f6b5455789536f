import { INTEGRATION_PRODUCTS, INTEGRATIONS, type Integration } from "@/server/workspaces/client";

export { INTEGRATIONS, type Integration };

/** How the dashboard names an integration: its product (workspaces/integrations.ts), never the wire value. */
export const integrationLabel = (value: Integration) => INTEGRATION_PRODUCTS[value];
