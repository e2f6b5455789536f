/** The privacy capability's public surface (docs/decisions/124-retention-and-a-persons-data.md): other capabilities and the transports import only this. */
export { purgeExpiredData, purgeExpiredDataJob } from "./purge";
export type { PurgeCounts } from "./purge";
export { privacyRouter } from "./router";
