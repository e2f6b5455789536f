import type { Prisma, TemplateRollout } from "@/generated/prisma/client";
import { transactionAsDb, type Db } from "@/server/kernel/db/client";
import { isDatabaseUnavailable } from "@/server/kernel/db/unavailable";
import { toAppError } from "@/server/kernel/errors";
import { itemIdsSchema, type ChatbotState, type ItemIds } from "./content";
import { linkedState } from "./links";
import { planRestore } from "./plan";
import { planForLink } from "./preview";
import { contentsOf } from "./templates";
import { writeState } from "./write-state";
import { baselineScore } from "./baseline";

/**
 * One chatbot of a rollout, applied or rolled back in ONE transaction with its rollout row (locked, its status
 * checked first): a chatbot is on its old state or its new one, never between, and a job run again after a
 * crash finds the chatbots it did and does nothing to them twice (docs/decisions/112-rollouts-with-a-quality-gate.md).
 */

/** What a rollout keeps of a chatbot before touching it: enough to put it back as it was. */
export interface Before {
  state: ChatbotState;
  version: number;
  item_ids: ItemIds;
}

async function lockRow(db: Db, rolloutId: string, chatbotId: string) {
  const [row] = await db.$queryRaw<Array<{ status: string; rollback_requested_at: Date | null }>>`
    SELECT status, rollback_requested_at FROM template_rollout_chatbots WHERE rollout_id = ${rolloutId}::uuid AND chatbot_id = ${chatbotId}::uuid FOR UPDATE`;
  return row ?? null;
}

const releaseClaim = (db: Db, rolloutId: string, chatbotId: string) => db.templateRolloutClaim.deleteMany({ where: { rolloutId, chatbotId } });

async function finish(db: Db, rolloutId: string, chatbotId: string, data: Prisma.TemplateRolloutChatbotUpdateInput, release: boolean) {
  await db.templateRolloutChatbot.update({ where: { rolloutId_chatbotId: { rolloutId, chatbotId } }, data });
  if (release) await releaseClaim(db, rolloutId, chatbotId);
}

const skip = (db: Db, rolloutId: string, chatbotId: string, reason: string) => finish(db, rolloutId, chatbotId, { status: "skipped", reason }, true);

/** Applies the rollout's version to one pending chatbot. */
export async function applyRow(db: Db, rollout: TemplateRollout, chatbotId: string): Promise<void> {
  // The score to compare with is read (or measured) before: measuring may take a moment, outside the transaction.
  const gated = rollout.maxScoreDrop !== null;
  const baseline = gated ? await baselineScore(db, chatbotId) : null;
  try {
    await db.$transaction(async (raw) => {
      const tx = transactionAsDb(raw);
      const row = await lockRow(tx, rollout.id, chatbotId);
      if (row?.status !== "pending") return;
      const chatbot = await tx.chatbot.findFirst({ where: { id: chatbotId, deletedAt: null } });
      if (!chatbot) return skip(tx, rollout.id, chatbotId, "The chatbot was deleted.");
      const linked = await linkedState(tx, chatbot, { lock: true });
      if (!linked || linked.template.id !== rollout.templateId) return skip(tx, rollout.id, chatbotId, "The chatbot is no longer linked to this template.");
      const contents = await contentsOf(tx, rollout.templateId, [linked.link.version, rollout.version]);
      const planned = planForLink({ version: linked.link.version, variables: linked.variables }, linked.current, contents.get(linked.link.version)!, {
        version: rollout.version,
        content: contents.get(rollout.version)!,
      });
      if (planned.kind === "skip") return skip(tx, rollout.id, chatbotId, planned.reason);
      const itemIds = await writeState(tx, chatbot, linked.current, planned.plan.desired);
      await tx.templateLink.update({ where: { chatbotId }, data: { version: rollout.version, itemIds } });
      const before: Before = { state: linked.current, version: linked.link.version, item_ids: itemIdsSchema.parse(linked.link.itemIds) };
      const gate = !gated ? "off" : baseline === null ? "unmeasured" : "waiting";
      await finish(
        tx,
        rollout.id,
        chatbotId,
        {
          status: "applied",
          fromVersion: linked.link.version,
          before: before as unknown as Prisma.InputJsonValue,
          changes: planned.plan.changes as unknown as Prisma.InputJsonValue,
          kept: planned.plan.kept as unknown as Prisma.InputJsonValue,
          gate,
          scoreBefore: baseline,
          appliedAt: new Date(),
        },
        gate !== "waiting",
      );
    });
  } catch (error) {
    // Nothing of it was written (its transaction rolled back whole): a refusal (a rule, a limit, a value a
    // variable made invalid) or a fault skips it, saying why. The database away fails the job, which runs again.
    if (isDatabaseUnavailable(error)) throw error;
    const refusal = toAppError(error);
    const reason = `Not applied: ${refusal.code === "INTERNAL" ? (error as Error).message : refusal.message}`.slice(0, 500);
    await db.$transaction(async (raw) => {
      const tx = transactionAsDb(raw);
      if ((await lockRow(tx, rollout.id, chatbotId))?.status === "pending") await skip(tx, rollout.id, chatbotId, reason);
    });
  }
}

/**
 * Puts one applied chatbot back in its state from before the rollout — its own overrides included — unless a
 * later change of version moved it on. `gate`: what the quality gate says of it (rolled back by the gate: failed).
 */
export async function rollbackRow(
  db: Db,
  rollout: TemplateRollout,
  chatbotId: string,
  outcome: { reason: string; requested?: boolean; gate?: "failed"; scoreAfter?: number | null },
): Promise<boolean> {
  return db.$transaction(async (raw) => {
    const tx = transactionAsDb(raw);
    const locked = await lockRow(tx, rollout.id, chatbotId);
    // The batch jobs roll back what the rollback asked for; the gate, a chatbot that failed it.
    if (locked?.status !== "applied" || (outcome.requested && !locked.rollback_requested_at)) return false;
    const row = await tx.templateRolloutChatbot.findUniqueOrThrow({ where: { rolloutId_chatbotId: { rolloutId: rollout.id, chatbotId } } });
    const cancelled = row.gate === "waiting" || row.gate === "evaluating" ? { gate: outcome.gate ?? "cancelled" } : {};
    const chatbot = await tx.chatbot.findFirst({ where: { id: chatbotId, deletedAt: null } });
    const linked = chatbot ? await linkedState(tx, chatbot, { lock: true }) : null;
    if (!chatbot || !linked || linked.template.id !== rollout.templateId || linked.link.version !== rollout.version) {
      await finish(tx, rollout.id, chatbotId, { rollbackRequestedAt: null, reason: "Not rolled back: the chatbot was deleted or changed version since.", ...cancelled }, true);
      return false;
    }
    const before = row.before as unknown as Before;
    const itemIds = await writeState(tx, chatbot, linked.current, planRestore(linked.current, before.state));
    await tx.templateLink.update({ where: { chatbotId }, data: { version: before.version, itemIds } });
    await finish(
      tx,
      rollout.id,
      chatbotId,
      { status: "rolled_back", reason: outcome.reason, rolledBackAt: new Date(), rollbackRequestedAt: null, ...cancelled, ...(outcome.scoreAfter !== undefined ? { scoreAfter: outcome.scoreAfter } : {}) },
      true,
    );
    return true;
  });
}
