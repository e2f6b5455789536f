/**
 * The visitor questions of a period (docs/analytics.md, "Insights"): the visitor messages of the
 * conversations started in it, each with whether the first assistant reply after it was answered (no
 * reply yet, as while a person has the conversation, is unanswered), grouped by text, most asked first
 * (then by text, and a text asked both ways unanswered first: one order however the rows were read).
 * One statement for the insight themes and the value report's unanswered questions alike.
 */
export interface PeriodQuestion {
  text: string;
  answered: boolean;
  count: number;
}

/** Runs a statement: a job's `helpers.query` or a pool's `query`. */
export type QueryRunner = <R extends object>(text: string, values: unknown[]) => Promise<{ rows: R[] }>;

/** Read from the rollup (analytics_questions, kept by sql/rollups.sql: docs/decisions/143-the-report-breakdown-rolled-up.md). */
const PERIOD_QUESTIONS = `
  SELECT text, answered, sum(count)::int AS count
    FROM analytics_questions
   WHERE chatbot_id = $1::uuid AND day BETWEEN $2::date AND $3::date
     AND ($5::boolean IS NULL OR answered = $5::boolean)
   GROUP BY 1, 2
  HAVING sum(count) <> 0
   ORDER BY count DESC, text ASC, answered ASC
   LIMIT $4`;

/** `answered`: only the answered (true) or unanswered (false) questions; null both. */
export async function periodQuestions(query: QueryRunner, chatbotId: string, from: string, to: string, opts: { limit: number; answered: boolean | null }): Promise<PeriodQuestion[]> {
  const { rows } = await query<PeriodQuestion>(PERIOD_QUESTIONS, [chatbotId, from, to, opts.limit, opts.answered]);
  return rows;
}
