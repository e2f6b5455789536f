import { intercomWebhookRoute } from "@/server/transport/intercom-webhook";

export const dynamic = "force-dynamic";
/** Intercom's signed webhooks for one workspace (transport/intercom-webhook.ts). */
export const POST = intercomWebhookRoute();
