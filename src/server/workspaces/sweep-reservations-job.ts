import type { Task } from "graphile-worker";
import type { Db } from "@/server/kernel/db/client";
import { sweepExpiredReservations } from "@/server/workspaces/answer-metering";

/** Credits reserved by answers whose process died: they already stopped counting at expiry; this removes the rows. */
export const sweepAnswerReservations =
  (db: Db): Task =>
  async () => {
    await sweepExpiredReservations(db);
  };
