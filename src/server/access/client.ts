/** What the access capability shares with the browser: pure rules and types, no I/O (imported by src/components). */
export { canManageTeam } from "./team-management";
