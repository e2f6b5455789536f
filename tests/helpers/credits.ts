import { poolOf, type Db } from "@/server/kernel/db/client";
import { AGENCY_PLAN_DEFAULTS, type CounterDelta } from "@/server/workspaces/credit-rules";

/**
 * The answer path's credit statements, called directly: `charge_answer` (what
 * `settle_answer` runs for every served answer) and `reserve_answer` (the
 * admission). Tests of the credit rules drive them without an answer around.
 */
export async function chargeAnswer(db: Db, workspaceId: string, opts: { reference?: string } = {}): Promise<{ delta: CounterDelta; remaining: number; exhausted: boolean }> {
  const { rows } = await poolOf(db).query<{ used_delta: number; topup_delta: number; debt_delta: number; remaining: string; newly_exhausted: boolean }>(
    "SELECT used_delta, topup_delta, debt_delta, remaining, newly_exhausted FROM charge_answer($1::uuid, $2, $3::int)",
    [workspaceId, opts.reference ?? null, AGENCY_PLAN_DEFAULTS.monthlyMessages],
  );
  const row = rows[0]!;
  return { delta: { used: row.used_delta, topup: row.topup_delta, debt: row.debt_delta }, remaining: Number(row.remaining), exhausted: row.newly_exhausted };
}

/** Admission: a reservation (and what remains after it), or the refusal. */
export async function reserveAnswer(db: Db, workspaceId: string, ttlSeconds = 120): Promise<{ reservationId: string | null; refusal: string | null; remaining: number }> {
  const { rows } = await poolOf(db).query<{ reservation_id: string | null; refusal: string | null; remaining: string }>(
    "SELECT reservation_id::text, refusal, remaining FROM reserve_answer($1::uuid, $2::int, $3::int)",
    [workspaceId, AGENCY_PLAN_DEFAULTS.monthlyMessages, ttlSeconds],
  );
  const row = rows[0]!;
  return { reservationId: row.reservation_id, refusal: row.refusal, remaining: Number(row.remaining) };
}

/** A served answer: its reservation becomes the charge (`settle_answer`). */
export async function settleAnswer(db: Db, reservationId: string, workspaceId: string, reference: string): Promise<void> {
  await poolOf(db).query("SELECT * FROM settle_answer($1::uuid, $2::uuid, $3, $4::int)", [reservationId, workspaceId, reference, AGENCY_PLAN_DEFAULTS.monthlyMessages]);
}
