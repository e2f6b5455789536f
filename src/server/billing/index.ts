/** The billing capability's public surface (rebilling through the agency's Stripe account): other capabilities and the transports import only this. */
import { createTRPCRouter, mergeRouters } from "@/server/access";
import { plansRouter } from "./plans-router";
import { billingSettingsRouter } from "./settings-router";
import { subscriptionRouter } from "./subscription-router";

export const billingRouter = mergeRouters(billingSettingsRouter, createTRPCRouter({ plans: plansRouter, subscription: subscriptionRouter }));
export { dunningJob, runDunning } from "./dunning";
export { reportOverage, reportOverageJob } from "./metering";
export { receiveStripeEvent } from "./webhook";
export type { StripeDelivery } from "./webhook";
