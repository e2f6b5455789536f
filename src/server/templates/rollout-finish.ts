import type { Prisma } from "@/generated/prisma/client";
import { auditedChange, recordAudit, type AuditActor } from "@/server/audit";
import type { Db } from "@/server/kernel/db/client";
import { isoMicro } from "@/server/kernel/lib/timestamps";
import { emitEvent } from "@/server/webhooks";
import { countsOf, GATE_IN_PROGRESS } from "./rollout-serializer";

/** Who the log names for what a rollout's jobs do on their own. */
export const ROLLOUT_ACTOR: AuditActor = { userId: null, tokenId: null, name: "Template rollout" };

/**
 * Ends a rollout whose chatbots are all final — applied (the gate decided) or skipped, or rolled back — in one
 * transaction with its `template.rollout_completed` event and its audit entry. Called after each batch and
 * gate step; the rollout row's lock makes it end once.
 */
export async function finishIfDone(db: Db, rolloutId: string): Promise<boolean> {
  return auditedChange(db, async (tx) => {
    await tx.$queryRaw`SELECT id FROM template_rollouts WHERE id = ${rolloutId}::uuid FOR UPDATE`;
    const rollout = await tx.templateRollout.findUnique({ where: { id: rolloutId }, include: { template: true } });
    if (!rollout || (rollout.status !== "running" && rollout.status !== "rolling_back")) return false;
    const rows = await tx.templateRolloutChatbot.findMany({ where: { rolloutId }, orderBy: { position: "asc" }, select: { chatbotId: true, status: true, gate: true, reason: true, rollbackRequestedAt: true, scoreBefore: true, scoreAfter: true } });
    const open =
      rollout.status === "running"
        ? rows.some((r) => r.status === "pending" || (r.status === "applied" && GATE_IN_PROGRESS.includes(r.gate as never)))
        : rows.some((r) => r.status === "applied" && r.rollbackRequestedAt !== null);
    if (open) return false;
    const status = rollout.status === "running" ? "completed" : "rolled_back";
    const completedAt = new Date();
    await tx.templateRollout.update({ where: { id: rolloutId }, data: { status, completedAt } });
    await tx.templateRolloutClaim.deleteMany({ where: { rolloutId } });
    const counts = countsOf(rows);
    const { template } = rollout;
    await emitEvent(tx, {
      agencyId: template.agencyId,
      teamId: template.agencyId,
      chatbotId: null,
      type: "template.rollout_completed",
      data: {
        rollout: { id: rollout.id, template_id: template.id, template_name: template.name, version: rollout.version, status, max_score_drop: rollout.maxScoreDrop, counts, completed_at: isoMicro(completedAt) },
        chatbots: rows.map((r) => ({ chatbot_id: r.chatbotId, status: r.status, reason: r.reason, quality: r.gate, score_before: r.scoreBefore, score_after: r.scoreAfter })),
      } as Prisma.InputJsonValue,
    });
    await recordAudit(tx, {
      agencyId: template.agencyId,
      teamId: null,
      actor: ROLLOUT_ACTOR,
      action: status === "completed" ? "template.rollout_completed" : "template.rolled_back",
      target: { type: "template", id: template.id, name: template.name },
      after: { rollout_id: rollout.id, version: rollout.version, status, ...counts },
    });
    return true;
  });
}
