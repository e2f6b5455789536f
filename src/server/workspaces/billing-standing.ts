import type { Agency } from "@/server/access";
import type { Tx } from "@/server/kernel/db/client";
import type { PauseMode } from "@/server/workspaces/status";
import { integrationsFor } from "@/server/workspaces/clients";
import { limitChanged, resetCredits } from "@/server/workspaces/credits";

/**
 * What the billing capability does to a client workspace, in its own transaction (docs/decisions/110-billing-follows-stripe-exactly-once.md):
 * a paid plan's allowance becomes the workspace's limits; the dunning rule pauses it with the reason
 * "dunning" and a paid invoice lifts only such a pause — never one the agency made by hand (which clears
 * the reason, workspaces/clients.ts `changeStatus`).
 */

export interface PlanAllowance {
  messageLimit: number;
  overageAllowed: boolean;
  /** The plan's integrations (null: leave the workspace's as they are). */
  integrations: string[] | null;
  /** A new billing period began: a fresh monthly allowance (U = 0). */
  newPeriod: boolean;
}

export async function applyPlanAllowance(tx: Tx, agency: Agency, clientId: string, allowance: PlanAllowance, reference: string) {
  const [row] = await tx.$queryRaw<{ message_limit: number | null; overage_allowed: boolean }[]>`
    SELECT message_limit, overage_allowed FROM teams WHERE id = ${clientId}::uuid AND kind = 'client' FOR UPDATE`;
  if (!row) return;
  await tx.team.update({
    where: { id: clientId },
    data: {
      messageLimit: allowance.messageLimit,
      overageAllowed: allowance.overageAllowed,
      ...(allowance.integrations ? { enabledIntegrations: integrationsFor(agency, allowance.integrations.filter((i) => agency.includedIntegrations.includes(i))) } : {}),
    },
  });
  if (row.message_limit !== allowance.messageLimit) await limitChanged(tx, clientId, { reference });
  if (allowance.newPeriod) await resetCredits(tx, clientId, { reference });
}

/** The plan ended (canceled): answers past the credits are debt again, not overage. */
export async function endOverage(tx: Tx, clientId: string) {
  await tx.team.updateMany({ where: { id: clientId, overageAllowed: true }, data: { overageAllowed: false } });
}

/** The dunning rule's pause: only an active workspace; true when it paused it. */
export async function pauseForDunning(tx: Tx, clientId: string, mode: PauseMode): Promise<boolean> {
  const { count } = await tx.team.updateMany({
    where: { id: clientId, kind: "client", status: "active", archivedAt: null, deletedAt: null },
    data: { status: "paused", pauseMode: mode, pausedAt: new Date(), pauseReason: "dunning" },
  });
  return count === 1;
}

/** A paid invoice lifts the dunning rule's pause, and only that; true when it resumed the workspace. */
export async function resumeAfterDunning(tx: Tx, clientId: string): Promise<boolean> {
  const { count } = await tx.team.updateMany({
    where: { id: clientId, status: "paused", pauseReason: "dunning" },
    data: { status: "active", pauseMode: null, pausedAt: null, pauseReason: null },
  });
  return count === 1;
}
