import type { Db } from "@/server/kernel/db/client";
import { isoMicro } from "@/server/kernel/lib/timestamps";
import type { ActionOutcome } from "./http-call";
import type { ActionCallJson } from "./serializer";

/** Every call a turn made, on its conversation and the answer it served (the inbox shows them). */
export async function recordActionCalls(db: Db, conversationId: string, messageId: string, calls: readonly ActionOutcome[]) {
  if (!calls.length) return;
  await db.actionCall.createMany({
    data: calls.map((c) => ({
      conversationId,
      messageId,
      actionId: c.actionId,
      name: c.name,
      request: c.request,
      status: c.status,
      durationMs: c.durationMs,
      error: c.error,
    })),
  });
}

export async function listActionCalls(db: Db, conversationId: string): Promise<ActionCallJson[]> {
  const rows = await db.actionCall.findMany({ where: { conversationId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map((c) => ({
    id: c.id,
    message_id: c.messageId,
    action_id: c.actionId,
    name: c.name,
    request: c.request as ActionCallJson["request"],
    status: c.status,
    duration_ms: c.durationMs,
    error: c.error,
    created_at: isoMicro(c.createdAt),
  }));
}
