/** What the workspaces capability shares with the browser: pure rules and types, no I/O (imported by src/components). */
export { addMonths, standingOf } from "./credit-rules";
export type { Standing } from "./credit-rules";
export { INTEGRATIONS } from "./integrations";
export type { Integration } from "./integrations";
