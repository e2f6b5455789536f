/** The intercom capability's public surface (docs/decisions/119-intercom-as-the-human-side.md): Intercom as the human side of a workspace's conversations. */
export { intercomRouter } from "./router";
export { intercomHandoffJob } from "./handoff-job";
export { receiveIntercomWebhook } from "./webhook";
export type { IntercomWebhookRequest } from "./webhook";
