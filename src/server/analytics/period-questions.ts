/**
 * The visitor questions of a period (docs/analytics.md, "Insights"): the visitor messages of the
 * conversations started in it, each with whether the first assistant reply after it was answered (no
 * reply yet, as while a person has the conversation, is unanswered), grouped by text, most asked first.
 * One statement for the insight themes and the value report's unanswered questions alike.
 */
export interface PeriodQuestion {
  text: string;
  answered: boolean;
  count: number;
}

/** Runs a statement: a job's `helpers.query` or a pool's `query`. */
export type QueryRunner = <R extends object>(text: string, values: unknown[]) => Promise<{ rows: R[] }>;

const PERIOD_QUESTIONS = `
  SELECT q.content AS text, coalesce(r.answered, false) AS answered, count(*)::int AS count
    FROM conversations c
    JOIN messages q ON q.conversation_id = c.id AND q.role = 'user'
    LEFT JOIN LATERAL (
      SELECT a.answered FROM messages a
       WHERE a.conversation_id = q.conversation_id AND a.role = 'assistant' AND a.created_at >= q.created_at
       ORDER BY a.created_at, a.id LIMIT 1
    ) r ON true
   WHERE c.chatbot_id = $1::uuid
     AND c.created_at >= ($2::date)::timestamp AT TIME ZONE 'UTC'
     AND c.created_at < ($3::date + 1)::timestamp AT TIME ZONE 'UTC'
     AND ($5::boolean IS NULL OR coalesce(r.answered, false) = $5::boolean)
   GROUP BY 1, 2
   ORDER BY count DESC, text ASC
   LIMIT $4`;

/** `answered`: only the answered (true) or unanswered (false) questions; null both. */
export async function periodQuestions(query: QueryRunner, chatbotId: string, from: string, to: string, opts: { limit: number; answered: boolean | null }): Promise<PeriodQuestion[]> {
  const { rows } = await query<PeriodQuestion>(PERIOD_QUESTIONS, [chatbotId, from, to, opts.limit, opts.answered]);
  return rows;
}
