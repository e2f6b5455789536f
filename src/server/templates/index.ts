/** The templates capability's public surface: other capabilities and the transports import only this (lint: import/no-restricted-paths). */
export { agencyTemplatesRouter, chatbotTemplateRouter } from "./router";
export { sweepTemplateRolloutsJob, templateRolloutBatchJob, templateRolloutGateJob } from "./rollout-jobs";
export { templateBlueprint } from "./blueprint";
