import type { Task } from "graphile-worker";
import type { Db } from "@/server/db/client";
import { sweepExpiredReservations } from "@/server/answers/metering";

/** Credits reserved by answers whose process died: they already stopped counting at expiry; this removes the rows. */
export const sweepAnswerReservations =
  (db: Db): Task =>
  async () => {
    await sweepExpiredReservations(db);
  };
