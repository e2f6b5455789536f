/**
 * The credits engine (docs/decisions/010-message-credits-and-the-ledger.md): every change to a workspace's counters is
 * one short transaction that locks the workspace row (then the agency row, in
 * that order everywhere), applies the pure rules of workspaces/credit-rules, appends a
 * ledger row and, when a budget runs dry, writes one `client.credits_exhausted`
 * event to the outbox in the same transaction.
 */
import type { Db, Tx } from "@/server/kernel/db/client";
import {
  addMonths,
  agencyPoolOf,
  applyDelta,
  balance,
  exhaustionChange,
  planRenewal,
  topupDelta,
  topupExceedsBucket,
  MAX_TOPUP_BUCKET,
  type CounterDelta,
  type CreditCounters,
} from "@/server/workspaces/credit-rules";
import type { PauseMode, WorkspaceStatus } from "@/server/workspaces/status";
import { AppError } from "@/server/kernel/errors";
import { isoOffset } from "@/server/kernel/lib/timestamps";


export interface WorkspaceCredits {
  id: string;
  agency_id: string | null;
  external_reference: string | null;
  status: WorkspaceStatus;
  pause_mode: PauseMode | null;
  message_limit: number | null;
  messages_used: number;
  topup_credits: number;
  overflow_debt: number;
  credits_exhausted_at: Date | null;
  credits_reset_at: Date | null;
  credits_renew_at: Date | null;
}

interface AgencyPool {
  monthly_message_pool: number | null;
  pool_messages_used: number;
}

const countersOf = (w: WorkspaceCredits): CreditCounters => ({
  limit: w.message_limit,
  used: w.messages_used,
  topup: w.topup_credits,
  debt: w.overflow_debt,
});

async function lockWorkspace(tx: Tx, workspaceId: string): Promise<WorkspaceCredits> {
  const rows = await tx.$queryRaw<WorkspaceCredits[]>`
    SELECT id::text, agency_id::text, external_reference, status::text AS status, pause_mode::text AS pause_mode,
           message_limit, messages_used, topup_credits, overflow_debt, credits_exhausted_at, credits_reset_at, credits_renew_at
      FROM teams WHERE id = ${workspaceId}::uuid AND kind = 'client' FOR UPDATE`;
  const row = rows[0];
  if (!row) throw new AppError("NOT_FOUND", "Client workspace not found.");
  return row;
}

async function readPool(tx: Tx | Db, agencyId: string | null): Promise<AgencyPool | null> {
  if (!agencyId) return null;
  const rows = await tx.$queryRaw<AgencyPool[]>`
    SELECT a.monthly_message_pool, agency_pool_used(a.id)::int AS pool_messages_used
      FROM teams a WHERE a.id = ${agencyId}::uuid`;
  return rows[0] ?? null;
}

/**
 * The agency pool: its size and its use this period, which is the sum of the
 * use recorded on each workspace (so a charge never locks the agency row).
 */
export async function agencyPool(db: Tx | Db, agencyId: string): Promise<{ monthlyMessagePool: number | null; poolMessagesUsed: number }> {
  const pool = await readPool(db, agencyId);
  return { monthlyMessagePool: pool?.monthly_message_pool ?? null, poolMessagesUsed: pool?.pool_messages_used ?? 0 };
}

interface LedgerInput {
  kind: "charge" | "topup" | "reset" | "renewal" | "limit_change";
  delta: CounterDelta;
  after: CreditCounters;
  reference?: string | null;
  actorUserId?: string | null;
}

/**
 * Writes the counters, the ledger row and (when the budget just ran dry) the
 * outbox event in one statement, and returns the new `credits_exhausted_at`.
 */
async function writeChange(
  tx: Tx,
  w: WorkspaceCredits,
  pool: AgencyPool | null,
  change: LedgerInput,
  /** New period dates; undefined keeps the current ones. */
  period: { resetAt?: Date | null; renewAt?: Date | null } = {},
) {
  const bal = balance(change.after, agencyPoolOf(pool));
  const exhaustion = exhaustionChange(w.message_limit !== null, w.credits_exhausted_at, bal);
  const now = new Date();
  const exhaustedAt = exhaustion === "mark" ? now : exhaustion === "clear" ? null : w.credits_exhausted_at;
  const eventData =
    exhaustion === "mark"
      ? JSON.stringify({
          client_id: w.id,
          external_reference: w.external_reference,
          message_limit: w.message_limit,
          messages_used: change.after.used,
          topup_credits_remaining: change.after.topup,
          credits_exhausted_at: isoOffset(now),
        })
      : null;
  const setReset = period.resetAt !== undefined;
  const setRenew = period.renewAt !== undefined;
  await tx.$executeRaw`
    WITH updated AS (
      UPDATE teams SET
        messages_used = ${change.after.used},
        topup_credits = ${change.after.topup},
        overflow_debt = ${change.after.debt},
        credits_exhausted_at = ${exhaustedAt},
        credits_reset_at = CASE WHEN ${setReset} THEN ${period.resetAt ?? null}::timestamptz ELSE credits_reset_at END,
        credits_renew_at = CASE WHEN ${setRenew} THEN ${period.renewAt ?? null}::timestamptz ELSE credits_renew_at END,
        updated_at = now()
      WHERE id = ${w.id}::uuid
      RETURNING id, agency_id
    ), ledger AS (
      INSERT INTO credit_ledger (team_id, agency_id, actor_user_id, kind, used_delta, topup_delta, debt_delta, used_after, topup_after, debt_after, reference)
      SELECT id, agency_id, ${change.actorUserId ?? null}::uuid, ${change.kind}, ${change.delta.used}, ${change.delta.topup}, ${change.delta.debt},
             ${change.after.used}, ${change.after.topup}, ${change.after.debt}, ${change.reference ?? null}
        FROM updated
    )
    INSERT INTO outbox_events (agency_id, team_id, type, data)
    SELECT agency_id, id, 'client.credits_exhausted', ${eventData}::jsonb FROM updated
     WHERE ${eventData}::text IS NOT NULL AND agency_id IS NOT NULL`;
  return { exhaustedAt, balance: bal, exhaustion };
}

const TX_OPTIONS = { maxWait: 10_000, timeout: 15_000 } as const;

/** Adds top-up credits (debt first). Needs a `message_limit` of at least 1. */
export async function topUp(tx: Tx, workspaceId: string, amount: number, opts: { reference?: string | null; actorUserId?: string | null } = {}) {
  const w = await lockWorkspace(tx, workspaceId);
  if (w.message_limit === null || w.message_limit < 1) {
    throw new AppError("RULE_VIOLATION", "Top-ups need the client to have its own message_limit of at least 1.", {
      errors: { message_limit: ["The client has no message_limit of at least 1; top-up credits only apply to a client-level budget."] },
    });
  }
  if (topupExceedsBucket(countersOf(w), amount)) {
    const message = `The top-up bucket may hold at most ${MAX_TOPUP_BUCKET} credits; this client has ${w.topup_credits}.`;
    throw new AppError("RULE_VIOLATION", message, { errors: { amount: [message] } });
  }
  const pool = await readPool(tx, w.agency_id);
  const delta = topupDelta(countersOf(w), amount);
  const after = applyDelta(countersOf(w), delta);
  await writeChange(tx, w, pool, { kind: "topup", delta, after, reference: opts.reference, actorUserId: opts.actorUserId });
}

/** `reset_credits: true`: a fresh monthly allowance now (U = 0); top-ups and debt untouched. */
export async function resetCredits(tx: Tx, workspaceId: string, opts: { reference?: string | null; actorUserId?: string | null; now?: Date } = {}) {
  const w = await lockWorkspace(tx, workspaceId);
  const pool = await readPool(tx, w.agency_id);
  const now = opts.now ?? new Date();
  const before = countersOf(w);
  const after = { ...before, used: 0 };
  await writeChange(
    tx,
    w,
    pool,
    { kind: "reset", delta: { used: -before.used, topup: 0, debt: 0 }, after, reference: opts.reference, actorUserId: opts.actorUserId },
    w.message_limit === null ? {} : { resetAt: now, renewAt: addMonths(now, 1) },
  );
}

/**
 * After `message_limit` changed (update client): starts or ends the monthly
 * period bookkeeping and re-evaluates exhaustion.
 */
export async function limitChanged(tx: Tx, workspaceId: string, opts: { actorUserId?: string | null; reference?: string | null; now?: Date } = {}) {
  const w = await lockWorkspace(tx, workspaceId);
  const pool = await readPool(tx, w.agency_id);
  const now = opts.now ?? new Date();
  const period =
    w.message_limit === null ? { resetAt: null, renewAt: null } : w.credits_reset_at ? {} : { resetAt: now, renewAt: addMonths(now, 1) };
  const change = { kind: "limit_change", delta: { used: 0, topup: 0, debt: 0 }, after: countersOf(w), reference: opts.reference, actorUserId: opts.actorUserId } as const;
  await writeChange(tx, w, pool, change, period);
}

/** The monthly renewal job: due workspaces (and agency pools) start a new period. */
export async function renewDue(db: Db, now = new Date()): Promise<{ renewed: number; skipped: number; pools: number }> {
  const due = await db.team.findMany({ where: { kind: "client", deletedAt: null, creditsRenewAt: { lte: now } }, select: { id: true } });
  let renewed = 0;
  let skipped = 0;
  for (const { id } of due) {
    await db.$transaction(async (tx) => {
      const w = await lockWorkspace(tx, id);
      if (!w.credits_renew_at) return;
      const plan = planRenewal(w.status, w.credits_renew_at, now);
      if (!plan) return;
      if (!plan.reset) {
        skipped++;
        await tx.team.update({ where: { id }, data: { creditsRenewAt: plan.nextRenewal } });
        return;
      }
      renewed++;
      const pool = await readPool(tx, w.agency_id);
      const before = countersOf(w);
      await writeChange(
        tx,
        w,
        pool,
        { kind: "renewal", delta: { used: -before.used, topup: 0, debt: 0 }, after: { ...before, used: 0 }, reference: `renewal:${plan.periodStart!.toISOString()}` },
        { resetAt: plan.periodStart!, renewAt: plan.nextRenewal },
      );
    }, TX_OPTIONS);
  }
  // Agency pools renew monthly: every workspace's share of the pool restarts, and workspaces without
  // their own message_limit (which count against the pool only) start a new period of usage with it.
  const poolRows = await db.$queryRaw<{ pools: number }[]>`
    WITH due AS (
      UPDATE teams SET pool_period_started_at = ${now}::timestamptz, updated_at = now()
       WHERE kind = 'agency' AND (pool_period_started_at IS NULL OR pool_period_started_at + interval '1 month' <= ${now}::timestamptz)
      RETURNING id
    ), previous AS (
      SELECT c.id, c.agency_id, c.messages_used, c.topup_credits, c.overflow_debt
        FROM teams c JOIN due ON c.agency_id = due.id
       WHERE c.kind = 'client' AND c.message_limit IS NULL AND c.messages_used > 0
         FOR UPDATE OF c
    ), reset AS (
      UPDATE teams c SET pool_messages_used = 0,
             messages_used = CASE WHEN c.message_limit IS NULL THEN 0 ELSE c.messages_used END, updated_at = now()
        FROM due WHERE c.agency_id = due.id AND c.kind = 'client'
      RETURNING c.id
    ), ledger AS (
      INSERT INTO credit_ledger (team_id, agency_id, kind, used_delta, topup_delta, debt_delta, used_after, topup_after, debt_after, reference)
      SELECT id, agency_id, 'renewal', -messages_used, 0, 0, 0, topup_credits, overflow_debt, 'agency pool renewal' FROM previous
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM due)::int AS pools`;
  return { renewed, skipped, pools: poolRows[0]?.pools ?? 0 };
}
