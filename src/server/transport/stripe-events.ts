import { receiveStripeEvent } from "@/server/billing";
import { signedWebhookRoute } from "./signed-webhook-route";

/** Stripe's deliveries to `/api/stripe/webhook/{agency_id}`, handed to the billing capability (signed-webhook-route.ts). */
export const stripeEventRoute = () => signedWebhookRoute("agency_id", "stripe event", receiveStripeEvent);
