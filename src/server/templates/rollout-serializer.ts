import { z } from "zod";
import type { TemplateRollout, TemplateRolloutChatbot } from "@/generated/prisma/client";
import { isoMicro, isoMicroOrNull } from "@/server/kernel/lib/timestamps";
import { clientRefSchema, fieldChangeSchema, overrideSchema } from "./serializer";
import type { FieldChange, Override } from "./fields";

/** A rollout on the wire (docs/decisions/112-rollouts-with-a-quality-gate.md). */

export const ROLLOUT_STATUSES = ["running", "completed", "rolling_back", "rolled_back"] as const;
export const ROLLOUT_CHATBOT_STATUSES = ["pending", "applied", "skipped", "rolled_back"] as const;
/** The quality gate of one chatbot: waiting for its training, evaluating, passed, failed (rolled back), unmeasured (no score to compare), off, cancelled (by a rollback). */
export const GATE_STATES = ["waiting", "evaluating", "passed", "failed", "unmeasured", "off", "cancelled"] as const;
export type GateState = (typeof GATE_STATES)[number];
/** Gate states that still hold the rollout open. */
export const GATE_IN_PROGRESS: readonly GateState[] = ["waiting", "evaluating"];

const countsSchema = z.object({
  pending: z.number().int(),
  applied: z.number().int(),
  skipped: z.number().int(),
  rolled_back: z.number().int(),
  checking: z.number().int().meta({ description: "Applied chatbots whose quality gate has not decided yet" }),
});

export const rolloutSchema = z
  .object({
    id: z.string(),
    template_id: z.string(),
    version: z.number().int(),
    status: z.enum(ROLLOUT_STATUSES),
    max_score_drop: z.number().nullable().meta({ description: "A chatbot whose quality score drops by more than this many points is rolled back (null: no quality gate)" }),
    counts: countsSchema,
    created_at: z.string(),
    completed_at: z.string().nullable(),
  })
  .meta({ id: "TemplateRollout" });

export const rolloutChatbotSchema = z
  .object({
    chatbot_id: z.string(),
    name: z.string(),
    client: clientRefSchema,
    status: z.enum(ROLLOUT_CHATBOT_STATUSES),
    reason: z.string().nullable(),
    from_version: z.number().int().nullable(),
    changes: z.array(fieldChangeSchema),
    kept_overrides: z.array(overrideSchema),
    quality: z
      .object({ status: z.enum(GATE_STATES), score_before: z.number().nullable(), score_after: z.number().nullable() })
      .nullable()
      .meta({ description: "The quality gate after applying (null until applied)" }),
    applied_at: z.string().nullable(),
    rolled_back_at: z.string().nullable(),
  })
  .meta({ id: "TemplateRolloutChatbot" });

export const rolloutWithChatbotsSchema = rolloutSchema.extend({ chatbots: z.array(rolloutChatbotSchema) }).meta({ id: "TemplateRolloutDetail" });

export type RolloutRow = Pick<TemplateRolloutChatbot, "status" | "gate">;

export function countsOf(rows: RolloutRow[]) {
  const counts = { pending: 0, applied: 0, skipped: 0, rolled_back: 0, checking: 0 };
  for (const r of rows) {
    if (r.status in counts) counts[r.status as keyof typeof counts]++;
    if (r.status === "applied" && GATE_IN_PROGRESS.includes(r.gate as GateState)) counts.checking++;
  }
  return counts;
}

export function serializeRollout(r: TemplateRollout, rows: RolloutRow[]) {
  return {
    id: r.id,
    template_id: r.templateId,
    version: r.version,
    status: r.status as (typeof ROLLOUT_STATUSES)[number],
    max_score_drop: r.maxScoreDrop,
    counts: countsOf(rows),
    created_at: isoMicro(r.createdAt),
    completed_at: isoMicroOrNull(r.completedAt),
  };
}

export function serializeRolloutChatbot(row: TemplateRolloutChatbot, chatbot: { name: string; team: { id: string; name: string; kind: string } }) {
  return {
    chatbot_id: row.chatbotId,
    name: chatbot.name,
    client: chatbot.team.kind === "client" ? { id: chatbot.team.id, name: chatbot.team.name } : null,
    status: row.status as (typeof ROLLOUT_CHATBOT_STATUSES)[number],
    reason: row.reason,
    from_version: row.fromVersion,
    changes: row.changes as unknown as FieldChange[],
    kept_overrides: row.kept as unknown as Override[],
    quality: row.gate ? { status: row.gate as GateState, score_before: row.scoreBefore, score_after: row.scoreAfter } : null,
    applied_at: isoMicroOrNull(row.appliedAt),
    rolled_back_at: isoMicroOrNull(row.rolledBackAt),
  };
}
