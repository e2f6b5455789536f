/** The crm capability's public surface (HubSpot, docs/decisions/077-hubspot-crm.md): other capabilities and the transports import only this. */
export { connectHubspot, disconnectHubspot, hubspotStatus, leadSyncs, setFieldMapping } from "./connection";
export { crmRouter } from "./router";
export { crmSyncLeadJob } from "./sync-job";
