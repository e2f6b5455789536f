/**
 * Credits for answers (DESIGN §8): admission reserves one credit
 * (`reserve_answer`), a served answer turns its reservation into the real
 * charge (`settle_answer` = delete + `charge_answer`, one transaction), a
 * refused or failed one releases it. A reservation left by a crashed process
 * stops counting when it expires and is swept by `sweep_answer_reservations`.
 * Chatbots of teams that are not client workspaces have no credit budget
 * and are not metered.
 */
import { poolOf, type Db } from "@/server/db/client";
import { refusalFromReservation, type Refusal } from "@/server/domain/answer/gate";
import { AGENCY_PLAN_DEFAULTS, type ChargeResult } from "@/server/services/credits";

/** Longer than any answer can take (the provider's timeout is 20 s by default). */
export const RESERVATION_TTL_SECONDS = 120;

export type Reservation = { ok: true; id: string | null } | { ok: false; refusal: Refusal };

export async function reserveCredit(db: Db, team: { id: string; kind: string }): Promise<Reservation> {
  if (team.kind !== "client") return { ok: true, id: null };
  const { rows } = await poolOf(db).query<{ reservation_id: string | null; refusal: string | null }>({
    name: "reserve_answer",
    text: "SELECT reservation_id::text, refusal FROM reserve_answer($1::uuid, $2::int, $3::int)",
    values: [team.id, AGENCY_PLAN_DEFAULTS.monthlyMessages, RESERVATION_TTL_SECONDS],
  });
  const row = rows[0]!;
  const refusal = refusalFromReservation(row.refusal);
  return refusal ? { ok: false, refusal } : { ok: true, id: row.reservation_id };
}

/** The answer was served: its reservation becomes the charge (reference: the assistant message id). */
export async function settleCredit(db: Db, team: { id: string; kind: string }, reservationId: string | null, reference: string): Promise<ChargeResult | null> {
  if (team.kind !== "client") return null;
  const { rows } = await poolOf(db).query<{ used_delta: number; topup_delta: number; debt_delta: number; remaining: string; newly_exhausted: boolean }>({
    name: "settle_answer",
    text: "SELECT used_delta, topup_delta, debt_delta, remaining, newly_exhausted FROM settle_answer($1::uuid, $2::uuid, $3, $4::int)",
    values: [reservationId, team.id, reference, AGENCY_PLAN_DEFAULTS.monthlyMessages],
  });
  const row = rows[0]!;
  return { delta: { used: row.used_delta, topup: row.topup_delta, debt: row.debt_delta }, remaining: Number(row.remaining), exhausted: row.newly_exhausted };
}

export async function releaseCredit(db: Db, reservationId: string | null): Promise<void> {
  if (!reservationId) return;
  await poolOf(db).query({ name: "release_answer", text: "DELETE FROM answer_reservations WHERE id = $1::uuid", values: [reservationId] });
}

export async function sweepExpiredReservations(db: Db): Promise<number> {
  const { rowCount } = await poolOf(db).query("DELETE FROM answer_reservations WHERE expires_at <= now()");
  return rowCount ?? 0;
}
