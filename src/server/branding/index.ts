/** The branding capability's public surface: other capabilities and the transports import only this (lint: import/no-restricted-paths). */
export { PLATFORM_BRAND, agencyBrand, agencyForHost, agencyOfTeam, brandForAgency, brandForHost, siteBaseUrl } from "./brand";
export type { Brand } from "./brand";
export { agencyBrandRouter } from "./router";
