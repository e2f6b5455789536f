/** The analytics capability's public surface: other capabilities and the transports import only this (lint: import/no-restricted-paths). */
export { computeAnalytics } from "./analytics";
export { computeInsightsJob } from "./insights-job";
export { formatIsoDate, parseIsoDate, resolvePeriod, utcDay } from "./period";
export { keywords, normalizeQuestion } from "./question-themes";
export { analyticsRouter } from "./router";
