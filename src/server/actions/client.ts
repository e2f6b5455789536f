/** What the actions capability shares with the browser: pure rules and types, no I/O (imported by src/components). */
export { ACTION_LIMITS, ACTION_METHODS, actionCreateInput, actionFields, actionPatchInput, EMPTY_PARAMETERS, isUrlTemplate, urlPlaceholders } from "./rules";
export type { ActionCreateValues, ActionMethod, ActionPatchValues } from "./rules";
