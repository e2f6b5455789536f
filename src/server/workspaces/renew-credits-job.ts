import type { Task } from "graphile-worker";
import type { Db } from "@/server/kernel/db/client";
import { renewDue } from "@/server/workspaces/credits";

/** Monthly credit renewal (DESIGN §7): runs every few minutes, acts on the workspaces that are due. */
export const renewCredits =
  (db: Db): Task =>
  async (_payload, helpers) => {
    const { renewed, skipped, pools } = await renewDue(db);
    if (renewed || skipped || pools) helpers.logger.info(`renewals: ${renewed} renewed, ${skipped} skipped (paused/suspended), ${pools} agency pools`);
  };
