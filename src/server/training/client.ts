/** What the training capability shares with the browser: pure rules and types, no I/O (imported by src/components). */
export { SYNC_FREQUENCIES, anySourceInProgress, isSourceInProgress } from "./source-rules";
