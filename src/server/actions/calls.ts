import { poolOf, type Db } from "@/server/kernel/db/client";
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

interface ActionCallRow {
  id: string;
  message_id: string | null;
  action_id: string | null;
  name: string;
  request: ActionCallJson["request"];
  status: number | null;
  duration_ms: number;
  error: string | null;
  created_at: Date;
}

/**
 * A conversation's calls, oldest first. A named statement: the REST transcript sends it on every read
 * (docs/decisions/038-hot-paths-in-named-sql.md: ~0.05 ms of CPU against ~0.25 ms through the ORM); the Db is never one transaction here.
 */
export async function listActionCalls(db: Db, conversationId: string): Promise<ActionCallJson[]> {
  const { rows } = await poolOf(db).query<ActionCallRow>({
    name: "action_calls_of_conversation",
    text: `SELECT id, message_id, action_id, name, request, status, duration_ms, error, created_at
             FROM action_calls WHERE conversation_id = $1::uuid ORDER BY created_at ASC, id ASC`,
    values: [conversationId],
  });
  return rows.map((c) => ({
    id: c.id,
    message_id: c.message_id,
    action_id: c.action_id,
    name: c.name,
    request: c.request,
    status: c.status,
    duration_ms: c.duration_ms,
    error: c.error,
    created_at: isoMicro(c.created_at),
  }));
}
