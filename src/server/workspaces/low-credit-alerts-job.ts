import { job } from "@/server/kernel/jobs/registry";
import { runLowCreditAlerts } from "@/server/workspaces/lifecycle";

/** Low-credit alerts: every minute, one e-mail to the agency owner per client per episode. */
export const lowCreditAlertsJob = job("low_credit_alerts", async (db, _payload, helpers) => {
  const sent = await runLowCreditAlerts(db);
  if (sent) helpers.logger.info(`low-credit alerts: ${sent} sent`);
});
