import { job } from "@/server/kernel/jobs/registry";
import { runLowCreditAlerts } from "@/server/workspaces/lifecycle";
import { runClientCreditWarnings } from "@/server/workspaces/credit-warnings";

/**
 * Low-credit alerts, every minute: one e-mail to the agency owner per client per episode, and the
 * client's own admins told once per level and credit period (docs/decisions/072-low-credit-mails-to-client-admins.md).
 */
export const lowCreditAlertsJob = job("low_credit_alerts", async (db, _payload, helpers) => {
  const sent = await runLowCreditAlerts(db);
  if (sent) helpers.logger.info(`low-credit alerts: ${sent} sent`);
  const warned = await runClientCreditWarnings(db);
  if (warned) helpers.logger.info(`low-credit warnings to client admins: ${warned} sent`);
});
