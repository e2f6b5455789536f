import { receiveIntercomWebhook } from "@/server/intercom";
import { signedWebhookRoute } from "./signed-webhook-route";

/** Intercom's deliveries to `/api/integrations/intercom/webhook/{team_id}`, handed to the intercom capability (signed-webhook-route.ts). */
export const intercomWebhookRoute = () => signedWebhookRoute("team_id", "intercom webhook", receiveIntercomWebhook);
