import { job } from "@/server/kernel/jobs/registry";
import { renewDue } from "@/server/workspaces/credits";

/** Monthly credit renewal: runs every few minutes, acts on the workspaces that are due (docs/decisions/012-workspace-status-and-monthly-renewal.md). */
export const renewCreditsJob = job("renew_credits", async (db, _payload, helpers) => {
  const { renewed, skipped, pools } = await renewDue(db);
  if (renewed || skipped || pools) helpers.logger.info(`renewals: ${renewed} renewed, ${skipped} skipped (paused/suspended), ${pools} agency pools`);
});
