/** What the crm capability shares with the browser: pure rules and types, no I/O (imported by src/components). */
export { HUBSPOT_LIMITS, fieldMappingInput, hubspotTokenInput } from "./rules";
export type { FieldMapping } from "./rules";
