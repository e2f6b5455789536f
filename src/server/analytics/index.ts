/** The analytics capability's public surface: other capabilities and the transports import only this (lint: import/no-restricted-paths). */
export { computeAnalytics } from "./analytics";
export type { AnalyticsData } from "./analytics";
export { conversationBreakdown } from "./breakdown";
export type { ConversationBreakdown } from "./breakdown";
export { computeInsightsJob } from "./insights-job";
export { periodQuestions } from "./period-questions";
export type { PeriodQuestion } from "./period-questions";
export { formatIsoDate, parseIsoDate, percentage, resolvePeriod, utcDay } from "./period";
export { keywords, normalizeQuestion } from "./question-themes";
export { analyticsRouter } from "./router";
export type { PeriodSums } from "./metrics";
