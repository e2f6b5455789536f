/** What the accounts capability shares with the browser: pure rules and types, no I/O (imported by src/components). */
export { portalContext } from "./portal";
