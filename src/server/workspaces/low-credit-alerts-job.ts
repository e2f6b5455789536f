import type { Task } from "graphile-worker";
import type { Db } from "@/server/kernel/db/client";
import { runLowCreditAlerts } from "@/server/workspaces/lifecycle";

/** Low-credit alerts (issue 13): every minute, one e-mail to the agency owner per client per episode. */
export const lowCreditAlerts =
  (db: Db): Task =>
  async (_payload, helpers) => {
    const sent = await runLowCreditAlerts(db);
    if (sent) helpers.logger.info(`low-credit alerts: ${sent} sent`);
  };
