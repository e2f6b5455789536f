/** The actions capability's public surface (HTTP actions, docs/decisions/076-http-actions.md): other capabilities and the transports import only this. */
export { listActionCalls, recordActionCalls } from "./calls";
export { callAction } from "./http-call";
export type { ActionOutcome } from "./http-call";
export { chatbotActionsRouter } from "./router";
export { actionCallSchema } from "./serializer";
export type { ActionCallJson } from "./serializer";
export { actionsForTurn, toolOf } from "./tools";
export { assertButtonAction, buttonAction } from "./buttons";
export { defineAction, deleteAction } from "./actions";
export type { ActionDefinition } from "./actions";
