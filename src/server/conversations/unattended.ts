/**
 * A waiting conversation nobody takes (docs/decisions/122-business-hours-routing-and-ratings.md): outside
 * business hours at once (handoff.ts `requestPerson`), inside them after the chatbot's `unattended_minutes`
 * without an agent's reply (this job, queued by sql/routing.sql when the conversation starts waiting). It is
 * marked "outside hours", and the visitor's stream says nobody is around: the widget offers the lead form.
 */
import { poolOf, type Db } from "@/server/kernel/db/client";
import { job } from "@/server/kernel/jobs/registry";
import { LIVE_CHANNEL } from "./live";

const MARK_SQL = `
  WITH c AS (
    UPDATE conversations c SET outside_hours = true, updated_at = now()
     WHERE c.id = $1::uuid AND c.status = 'waiting' AND NOT c.outside_hours
       AND ($2::timestamptz IS NULL OR c.waiting_since = $2::timestamptz)
       AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.role = 'agent' AND m.created_at >= c.waiting_since)
    RETURNING c.id, c.chatbot_id
  )
  SELECT pg_notify('${LIVE_CHANNEL}', json_build_object('chatbot_id', c.chatbot_id::text, 'conversation_id', c.id::text, 'kind', 'unattended')::text) FROM c`;

/** Marks a waiting conversation "outside hours" and tells its streams (nothing if a person answered or it stopped waiting). */
export async function markOutsideHours(db: Db, conversationId: string, waitingSince: string | null = null): Promise<void> {
  await poolOf(db).query({ name: "unattended_mark", text: MARK_SQL, values: [conversationId, waitingSince] });
}

export const handoffUnattendedJob = job("handoff_unattended", async (db, payload) => {
  await markOutsideHours(db, payload.conversation_id, payload.waiting_since);
});
