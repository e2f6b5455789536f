/** The evaluations capability's public surface: other capabilities and the transports import only this (lint: import/no-restricted-paths). */
export { evaluateChatbotJob, sweepEvaluationsJob } from "./job";
export { chatbotEvaluationsRouter } from "./router";
export { runEvaluation } from "./run";
// The templates' quality gate (templates/gate.ts) and their writer of test questions.
export { evaluationOutcomes, latestScore, putTestQuestion, removeTestQuestion, requestEvaluation } from "./evaluations";
