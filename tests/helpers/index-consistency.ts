import { expect } from "vitest";
import { poolOf, type Db } from "@/server/kernel/db/client";

/**
 * The retrieval index's bookkeeping of a chatbot — document frequencies (chatbot_search_terms), totals
 * (chatbot_search_stats), passages per text search configuration (chatbot_search_configs) — equals what
 * recounting its passages gives: every statement that writes passages keeps them in step.
 */
export async function expectIndexConsistent(db: Db, chatbotId: string) {
  const pool = poolOf(db);
  const recount = await pool.query<{ lexeme: string; df: number }>(
    `SELECT l.lexeme, count(*)::int AS df FROM source_chunks c CROSS JOIN LATERAL unnest(tsvector_to_array(c.tsv)) l(lexeme)
      WHERE c.chatbot_id = $1 GROUP BY 1 ORDER BY 1`,
    [chatbotId],
  );
  const stored = await pool.query<{ lexeme: string; df: number }>(
    `SELECT lexeme, df FROM chatbot_search_terms WHERE chatbot_id = $1 AND df <> 0 ORDER BY lexeme`,
    [chatbotId],
  );
  expect(stored.rows).toEqual(recount.rows);
  const totals = await pool.query<{ n: string; len: string }>(
    `SELECT count(*)::text AS n, coalesce(sum(length), 0)::text AS len FROM source_chunks WHERE chatbot_id = $1`,
    [chatbotId],
  );
  const stats = await pool.query<{ n: string; len: string }>(
    `SELECT chunk_count::text AS n, total_length::text AS len FROM chatbot_search_stats WHERE chatbot_id = $1`,
    [chatbotId],
  );
  expect(stats.rows[0] ?? { n: "0", len: "0" }).toEqual(totals.rows[0]);
  // The chunks per text search configuration (docs/decisions/116-passages-in-their-own-language.md).
  const configs = await pool.query<{ config: string; n: string }>(
    `SELECT search_config AS config, count(*)::text AS n FROM source_chunks WHERE chatbot_id = $1 GROUP BY 1 ORDER BY 1`,
    [chatbotId],
  );
  const counted = await pool.query<{ config: string; n: string }>(
    `SELECT config, chunk_count::text AS n FROM chatbot_search_configs WHERE chatbot_id = $1 AND chunk_count <> 0 ORDER BY 1`,
    [chatbotId],
  );
  expect(counted.rows).toEqual(configs.rows);
}
