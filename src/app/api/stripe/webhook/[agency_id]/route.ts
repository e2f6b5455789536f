import { stripeEventRoute } from "@/server/transport/stripe-events";

export const dynamic = "force-dynamic";
/** Stripe's signed events for one agency's account (transport/stripe-events.ts). */
export const POST = stripeEventRoute();
