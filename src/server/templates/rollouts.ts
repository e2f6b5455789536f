import type { Prisma, Template, TemplateRollout } from "@/generated/prisma/client";
import type { AuditActor } from "@/server/audit";
import type { Db } from "@/server/kernel/db/client";
import { notFound, validationError } from "@/server/kernel/errors";
import { enqueue } from "@/server/kernel/jobs/registry";
import { isUuid } from "@/server/kernel/lib/ids";
import { serializeRollout, serializeRolloutChatbot } from "./rollout-serializer";
import { versionOf } from "./templates";

/**
 * Rollouts (docs/decisions/112-rollouts-with-a-quality-gate.md): a version applied to linked chatbots by jobs,
 * a row per chatbot. A rollout claims each of its chatbots first (one claim per chatbot, its primary key), so a
 * second rollout on one of them is refused at once, naming it; the claim goes when the chatbot's row is final.
 */

/** The quality gate's default: a score falling by more than this many points rolls the chatbot back. */
export const DEFAULT_MAX_SCORE_DROP = 5;
/** Chatbots per batch job: batches run side by side on the workers, and each reports its progress per chatbot. */
export const ROLLOUT_BATCH = 25;

export interface RolloutInput {
  version: number;
  chatbot_ids: string[] | "all";
  max_score_drop?: number | null;
}

export async function enqueueBatches(db: Db, rolloutId: string, count: number, runAt?: Date) {
  for (let batch = 0; batch * ROLLOUT_BATCH < count; batch++) {
    await enqueue(db, "template_rollout_batch", { rolloutId, batch }, { jobKey: `template_rollout_batch:${rolloutId}:${batch}`, maxAttempts: 10, runAt });
  }
}

/** The chatbots given are claimed for `rolloutId`; any another rollout holds is a 422 naming it under `field`. */
async function claim(db: Db, rolloutId: string, chatbotIds: string[], field: string) {
  const taken = await db.$queryRaw<Array<{ chatbot_id: string }>>`
    INSERT INTO template_rollout_claims (chatbot_id, rollout_id)
    SELECT unnest(${chatbotIds}::uuid[]), ${rolloutId}::uuid
    ON CONFLICT (chatbot_id) DO NOTHING RETURNING chatbot_id::text`;
  if (taken.length === chatbotIds.length) return;
  const got = new Set(taken.map((t) => t.chatbot_id));
  const busy = await db.templateRolloutClaim.findMany({
    where: { chatbotId: { in: chatbotIds.filter((id) => !got.has(id)) }, rolloutId: { not: rolloutId } },
    include: { chatbot: { select: { name: true } } },
  });
  if (!busy.length) return;
  const named = busy.map((b) => `${b.chatbot.name} (${b.chatbotId}, rollout ${b.rolloutId})`).join(", ");
  throw validationError({ [field]: [`Another rollout is still running on: ${named}. Wait for it to finish, or roll it back.`] });
}

/** Starts a rollout (in the caller's transaction): its rows, its claims and its batch jobs. */
export async function startRollout(db: Db, template: Template, actor: AuditActor, input: RolloutInput): Promise<TemplateRollout> {
  await versionOf(db, template, input.version, "version");
  const links = await db.templateLink.findMany({ where: { templateId: template.id, chatbot: { deletedAt: null } }, orderBy: [{ createdAt: "asc" }, { chatbotId: "asc" }], select: { chatbotId: true } });
  const linked = links.map((l) => l.chatbotId);
  let ids: string[];
  if (input.chatbot_ids === "all") {
    ids = linked;
    if (!ids.length) throw validationError({ chatbot_ids: ["No chatbot is linked to this template yet."] });
  } else {
    ids = [...new Set(input.chatbot_ids)];
    const known = new Set(linked);
    const outside = ids.filter((id) => !known.has(id));
    if (outside.length) throw validationError({ chatbot_ids: [`Not linked to this template: ${outside.join(", ")}.`] });
  }
  const rollout = await db.templateRollout.create({
    data: {
      templateId: template.id,
      version: input.version,
      maxScoreDrop: input.max_score_drop === undefined ? DEFAULT_MAX_SCORE_DROP : input.max_score_drop,
      actor: actor as unknown as Prisma.InputJsonValue,
    },
  });
  await db.templateRolloutChatbot.createMany({ data: ids.map((chatbotId, position) => ({ rolloutId: rollout.id, chatbotId, position })) });
  await claim(db, rollout.id, ids, "chatbot_ids");
  await enqueueBatches(db, rollout.id, ids.length);
  return rollout;
}

export async function findRollout(db: Db, template: Template, rolloutId: string): Promise<TemplateRollout> {
  const rollout = isUuid(rolloutId) ? await db.templateRollout.findFirst({ where: { id: rolloutId, templateId: template.id } }) : null;
  if (!rollout) throw notFound("Rollout not found.");
  return rollout;
}

export async function presentRollout(db: Db, rollout: TemplateRollout) {
  const rows = await db.templateRolloutChatbot.findMany({
    where: { rolloutId: rollout.id },
    orderBy: { position: "asc" },
    include: { chatbot: { select: { name: true, team: { select: { id: true, name: true, kind: true } } } } },
  });
  return { ...serializeRollout(rollout, rows), chatbots: rows.map((r) => serializeRolloutChatbot(r, r.chatbot)) };
}

export async function listRollouts(db: Db, template: Template) {
  const rollouts = await db.templateRollout.findMany({ where: { templateId: template.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 50 });
  const rows = await db.templateRolloutChatbot.findMany({ where: { rolloutId: { in: rollouts.map((r) => r.id) } }, select: { rolloutId: true, status: true, gate: true } });
  return rollouts.map((r) => serializeRollout(r, rows.filter((x) => x.rolloutId === r.id)));
}

/**
 * Asks for a rollout to be undone (in the caller's transaction): chatbots not reached yet are skipped, those
 * applied are claimed again and queued to get their state from before back. Asking twice is asking once.
 */
export async function requestRollback(db: Db, rollout: TemplateRollout): Promise<boolean> {
  await db.$queryRaw`SELECT id FROM template_rollouts WHERE id = ${rollout.id}::uuid FOR UPDATE`;
  const locked = await db.templateRollout.findUniqueOrThrow({ where: { id: rollout.id } });
  if (locked.status === "rolling_back" || locked.status === "rolled_back") return false;
  await db.templateRolloutChatbot.updateMany({ where: { rolloutId: rollout.id, status: "pending" }, data: { status: "skipped", reason: "Not applied: the rollout was rolled back." } });
  const applied = await db.templateRolloutChatbot.findMany({ where: { rolloutId: rollout.id, status: "applied" }, select: { chatbotId: true } });
  const ids = applied.map((a) => a.chatbotId);
  await db.templateRolloutClaim.deleteMany({ where: { rolloutId: rollout.id, chatbotId: { notIn: ids } } });
  if (ids.length) await claim(db, rollout.id, ids, "rollout_id");
  await db.templateRolloutChatbot.updateMany({ where: { rolloutId: rollout.id, status: "applied" }, data: { rollbackRequestedAt: new Date() } });
  await db.templateRollout.update({ where: { id: rollout.id }, data: { status: "rolling_back", completedAt: null } });
  const count = await db.templateRolloutChatbot.count({ where: { rolloutId: rollout.id } });
  await enqueueBatches(db, rollout.id, count);
  return true;
}
