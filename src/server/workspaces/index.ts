/** The workspaces capability's public surface: other capabilities and the transports import only this (lint: import/no-restricted-paths). */
export { createAgency } from "./agencies";
export { agentCreationRefusal } from "./agent-creation";
export { RESERVATION_TTL_SECONDS, releaseCredit } from "./answer-metering";
export { applyPlanAllowance, endOverage, pauseForDunning, resumeAfterDunning } from "./billing-standing";
export type { PlanAllowance } from "./billing-standing";
export { agencyClientsRouterWith } from "./clients-router";
export type { AgentBlueprints, BlueprintRequest } from "./agent-blueprint";
export { AGENCY_PLAN_DEFAULTS, addMonths, standingOf } from "./credit-rules";
export { topUp } from "./credits";
export type { Standing } from "./credit-rules";
export { INTEGRATION_PRODUCTS, INTEGRATIONS } from "./integrations";
export type { Integration } from "./integrations";
export { lifecycleRouter } from "./lifecycle-router";
export { llmKeysRouter } from "./llm-keys-router";
export { lowCreditAlertsJob } from "./low-credit-alerts-job";
export { renewCreditsJob } from "./renew-credits-job";
export { sweepAnswerReservationsJob } from "./sweep-reservations-job";
// The value report (reports): the clients' health as the owner's cockpit shows it, and credits charged in a period.
export { agencyClientCredits, agencyOverview } from "./agency-overview";
export { creditsUsedBetween } from "./credits-used";
