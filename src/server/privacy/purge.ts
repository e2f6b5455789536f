import { poolOf, type Db } from "@/server/kernel/db/client";
import { job } from "@/server/kernel/jobs/registry";
import { BATCH_ROWS, deleteInBatches } from "@/server/privacy/kept-batches";

/**
 * The nightly retention purge (docs/decisions/124-retention-and-a-persons-data.md): for every chatbot
 * whose workspace keeps its data a number of days (the client's own, else its agency's default, else the
 * agency's maximum, never above that maximum), the conversations whose last message is older than that go
 * with their messages, then the contacts and visitors left with no conversation and not seen since. Each
 * statement deletes at most one batch of rows in its own short transaction (`FOR UPDATE SKIP LOCKED`:
 * a row an answer holds is left for the next night), and the analytics rollups keep what they counted.
 * The credit ledger and the audit log are not touched.
 */
const RETAINED_CHATBOTS = `
  SELECT b.id::text AS chatbot_id,
         least(coalesce(t.data_retention_days, a.data_retention_default_days, a.data_retention_max_days), a.data_retention_max_days) AS days
    FROM chatbots b JOIN teams t ON t.id = b.team_id LEFT JOIN teams a ON a.id = t.agency_id
   WHERE coalesce(t.data_retention_days, a.data_retention_default_days, a.data_retention_max_days) IS NOT NULL
   ORDER BY b.id`;

/** `$1` the chatbot, `$2` the cut-off instant, `$3` the batch size. Messages first, by the physical row. */
const EXPIRED_MESSAGES = `
  DELETE FROM messages WHERE ctid = ANY(ARRAY(
    SELECT m.ctid FROM messages m JOIN conversations c ON c.id = m.conversation_id
     WHERE m.chatbot_id = $1::uuid AND m.created_at < $2 AND c.last_message_at < $2
     LIMIT $3 FOR UPDATE OF m SKIP LOCKED))`;

const EXPIRED_CONVERSATIONS = `
  DELETE FROM conversations WHERE id = ANY(ARRAY(
    SELECT id FROM conversations WHERE chatbot_id = $1::uuid AND last_message_at < $2
     LIMIT $3 FOR UPDATE SKIP LOCKED))`;

/** A lead not changed since the cut-off whose visitor has no conversation left. */
const EXPIRED_CONTACTS = `
  DELETE FROM contacts WHERE id = ANY(ARRAY(
    SELECT k.id FROM contacts k
     WHERE k.chatbot_id = $1::uuid AND k.created_at < $2 AND k.updated_at < $2
       AND NOT EXISTS (SELECT 1 FROM conversations c WHERE c.visitor_id = k.visitor_id)
     LIMIT $3 FOR UPDATE SKIP LOCKED))`;

const EXPIRED_VISITORS = `
  DELETE FROM visitors WHERE id = ANY(ARRAY(
    SELECT v.id FROM visitors v
     WHERE v.chatbot_id = $1::uuid AND v.last_seen_at < $2
       AND NOT EXISTS (SELECT 1 FROM conversations c WHERE c.visitor_id = v.id)
       AND NOT EXISTS (SELECT 1 FROM contacts k WHERE k.visitor_id = v.id)
     LIMIT $3 FOR UPDATE SKIP LOCKED))`;

export interface PurgeCounts {
  messages: number;
  conversations: number;
  contacts: number;
  visitors: number;
}

/** Purges every retained chatbot's expired data as of `now`; what it deleted. */
export async function purgeExpiredData(db: Db, opts: { now?: Date; batchRows?: number } = {}): Promise<PurgeCounts> {
  const now = opts.now ?? new Date();
  const batchRows = opts.batchRows ?? BATCH_ROWS;
  const counts: PurgeCounts = { messages: 0, conversations: 0, contacts: 0, visitors: 0 };
  const { rows } = await poolOf(db).query<{ chatbot_id: string; days: number }>(RETAINED_CHATBOTS);
  for (const { chatbot_id: chatbotId, days } of rows) {
    const cutoff = new Date(now.getTime() - days * 86_400_000);
    const values = [chatbotId, cutoff];
    counts.messages += await deleteInBatches(db, EXPIRED_MESSAGES, values, batchRows);
    counts.conversations += await deleteInBatches(db, EXPIRED_CONVERSATIONS, values, batchRows);
    counts.contacts += await deleteInBatches(db, EXPIRED_CONTACTS, values, batchRows);
    counts.visitors += await deleteInBatches(db, EXPIRED_VISITORS, values, batchRows);
  }
  return counts;
}

/** Nightly: every workspace's data past its retention. */
export const purgeExpiredDataJob = job("purge_expired_data", async (db, _payload, helpers) => {
  const counts = await purgeExpiredData(db);
  helpers.logger.info(`purged past retention: ${JSON.stringify(counts)}`);
});
