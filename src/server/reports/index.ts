/** The reports capability's public surface: other capabilities and the transports import only this (lint: import/no-restricted-paths). */
export { reportsRouter } from "./router";
export { sendClientReportJob } from "./send";
export { scheduleClientReportsJob } from "./schedule";
