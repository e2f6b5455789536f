import { job } from "@/server/kernel/jobs/registry";
import { sweepExpiredReservations } from "@/server/workspaces/answer-metering";

/** Credits reserved by answers whose process died: they already stopped counting at expiry; this removes the rows. */
export const sweepAnswerReservationsJob = job("sweep_answer_reservations", async (db) => {
  await sweepExpiredReservations(db);
});
