/** What the branding capability shares with the browser: pure rules and types, no I/O (imported by src/components). */
export { brandForHost } from "./brand";
