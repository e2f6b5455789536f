/** What the intercom capability shares with the browser: pure rules, no I/O (imported by src/components). */
export { intercomConnectInput } from "./rules";
