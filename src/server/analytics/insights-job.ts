import type { JobHelpers } from "graphile-worker";
import { enqueueFromTask, job, type JobPayload } from "@/server/kernel/jobs/registry";
import { formatIsoDate, resolvePeriod, utcDay } from "@/server/analytics/period";
import { groupQuestions, type AskedQuestion } from "@/server/analytics/question-themes";
import { periodQuestions } from "@/server/analytics/period-questions";

/**
 * `compute_insights`: the question themes of one chatbot and period
 * (docs/analytics.md, "Insights"), stored in `insights`.
 *
 * - With `{ chatbotId, from, to }`: groups the visitor questions of the
 *   conversations started in that period into answered and unanswered themes
 *   and upserts the row. The analytics endpoint enqueues this for a period
 *   that has no row yet.
 * - Without a payload (daily cron): enqueues the dashboard's preset periods
 *   (last 7, 30 and 90 days) for every chatbot with recent conversations, so
 *   the usual views have themes before anyone asks.
 */
export const PRESET_DAYS = [7, 30, 90] as const;
/** Distinct question texts considered per period (the most asked first). */
export const MAX_DISTINCT_QUESTIONS = 20_000;

/** One chatbot's period (the registry's `compute_insights` payload with a chatbot). */
export type ComputeInsightsPayload = Extract<JobPayload<"compute_insights">, { chatbotId: string }>;

export function insightsJobKey(p: ComputeInsightsPayload): string {
  return `insights:${p.chatbotId}:${p.from}:${p.to}`;
}

export const computeInsightsJob = job("compute_insights", async (_db, payload, helpers) => {
  // The scheduled run names no chatbot: every chatbot's preset periods.
  if (!("chatbotId" in payload) || typeof payload.chatbotId !== "string") {
    await enqueuePresetPeriods(helpers);
    return;
  }
  const p = payload as ComputeInsightsPayload;
  const period = resolvePeriod({ from: p.from, to: p.to }, new Date());
  if (!period.ok) throw new Error(`compute_insights: invalid period ${p.from}..${p.to}`);
  const { from, to, periodType } = period.period;

  // Themes are read in the chatbot's language (its stop words and stems; record 115).
  const chatbot = await helpers.query<{ default_language: string | null }>(`SELECT default_language FROM chatbots WHERE id = $1::uuid`, [p.chatbotId]);
  const language = chatbot.rows[0]?.default_language ?? null;
  const rows = await periodQuestions((text, values) => helpers.query(text, values), p.chatbotId, from, to, { limit: MAX_DISTINCT_QUESTIONS, answered: null });
  const answered: AskedQuestion[] = [];
  const unanswered: AskedQuestion[] = [];
  for (const r of rows) (r.answered ? answered : unanswered).push({ text: r.text, count: r.count });

  await helpers.query(
    `INSERT INTO insights (chatbot_id, period_type, period_start, period_end, answered, unanswered)
     SELECT $1::uuid, $2, $3::date, $4::date, $5::jsonb, $6::jsonb
      WHERE EXISTS (SELECT 1 FROM chatbots WHERE id = $1::uuid)
     ON CONFLICT (chatbot_id, period_type, period_start, period_end)
     DO UPDATE SET answered = EXCLUDED.answered, unanswered = EXCLUDED.unanswered, created_at = now()`,
    [
      p.chatbotId,
      periodType,
      from,
      to,
      JSON.stringify({ insight_data: groupQuestions(answered, undefined, language) }),
      JSON.stringify({ insight_data: groupQuestions(unanswered, undefined, language) }),
    ],
  );
  helpers.logger.info(`insights for ${p.chatbotId} ${from}..${to}: ${rows.length} distinct questions`);
});

async function enqueuePresetPeriods(helpers: JobHelpers) {
  const today = utcDay(new Date());
  const longest = Math.max(...PRESET_DAYS);
  const { rows } = await helpers.query<{ id: string }>(
    `SELECT id::text AS id FROM chatbots b
      WHERE deleted_at IS NULL
        AND EXISTS (SELECT 1 FROM conversations c WHERE c.chatbot_id = b.id AND c.created_at >= now() - make_interval(days => $1))`,
    [longest + 1],
  );
  for (const { id } of rows) {
    for (const days of PRESET_DAYS) {
      const period = { chatbotId: id, from: formatIsoDate(today - days), to: formatIsoDate(today) };
      await enqueueFromTask(helpers, "compute_insights", period, { jobKey: insightsJobKey(period), jobKeyMode: "preserve_run_at", maxAttempts: 3 });
    }
  }
  helpers.logger.info(`queued insights for ${rows.length} chatbots (${PRESET_DAYS.join(", ")} days)`);
}
