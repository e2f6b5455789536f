/**
 * Credits for answers (docs/decisions/011-credit-reservations-at-admission.md): admission reserves one credit
 * (`reserve_answer`, admission.ts), a served answer turns its reservation
 * into the real charge (`settle_answer` = delete + `charge_answer`, in the
 * statement that records the turn, record.ts), a refused or failed one
 * releases it. A reservation left by a crashed process
 * stops counting when it expires and is swept by `sweep_answer_reservations`.
 * Chatbots of teams that are not client workspaces have no credit budget
 * and are not metered.
 */
import { poolOf, type Db } from "@/server/kernel/db/client";

/** Longer than any answer can take (the provider's timeout is 20 s by default). */
export const RESERVATION_TTL_SECONDS = 120;

export async function releaseCredit(db: Db, reservationId: string | null): Promise<void> {
  if (!reservationId) return;
  await poolOf(db).query({ name: "release_answer", text: "DELETE FROM answer_reservations WHERE id = $1::uuid", values: [reservationId] });
}

export async function sweepExpiredReservations(db: Db): Promise<number> {
  const { rowCount } = await poolOf(db).query("DELETE FROM answer_reservations WHERE expires_at <= now()");
  return rowCount ?? 0;
}
