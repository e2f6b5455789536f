import { z } from "zod";
import { readDb } from "@/server/kernel/db/replicas";
import { chatbotProcedure, createTRPCRouter, type Context } from "@/server/access";
import type { Chatbot } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { formatIsoDate, resolvePeriod, utcDay, type AnalyticsPeriod } from "@/server/analytics/period";
import { canViewContacts, type ChatbotRole } from "@/server/access";
import { validationError } from "@/server/kernel/errors";
import { analyticsResultSchema, type AnalyticsResult } from "@/server/analytics/serializer";
import { computeAnalytics, type StoredInsights } from "@/server/analytics/analytics";
import { requestInsights } from "@/server/analytics/insights-queue";
import { liveChatFigures } from "@/server/analytics/live-chat-figures";

/** `/v1/{chatbot_id}/analytics` and the dashboard's analytics page. */
const periodInput = z.object({
  from: z.string().optional().describe("Start date, YYYY-MM-DD (UTC). Default: 30 days before today."),
  to: z.string().optional().describe("End date, YYYY-MM-DD (UTC), included. Default: today. Ranges over 366 days keep `to` and start 365 days before it."),
});

async function analyticsFor(ctx: Pick<Context, "db" | "request"> & { chatbot: Chatbot; role: ChatbotRole }, input: z.infer<typeof periodInput>, opts: { previousDays: boolean }) {
  const { chatbot } = ctx;
  const resolved = resolvePeriod({ from: input.from, to: input.to }, new Date());
  if (!resolved.ok) throw validationError(resolved.errors);
  const period = resolved.period;

  // The figures from a replica (record 126); asking the workers for themes is a write, on the primary.
  const live = await readDb(ctx, (db) => liveChatFigures(db, chatbot.id, period));
  const data = await readDb(ctx, (db) => computeAnalytics(db, chatbot.id, period, { includeLeads: true, previousDays: opts.previousDays }));
  const result: AnalyticsResult = { ...data.result, insights: await insightsFor(ctx.db, chatbot.id, period, data.insights), ...live };
  if (!canViewContacts(ctx.role)) result.leads = null;
  return { chatbot, result, previousConversationsPerDay: data.previousConversationsPerDay };
}

/** Stored themes for the period; asks the workers for them when missing or computed before the period ended. */
async function insightsFor(db: Db, chatbotId: string, period: AnalyticsPeriod, stored: StoredInsights | null): Promise<AnalyticsResult["insights"]> {
  // Themes computed while the period was still running miss its later days: refresh them once a day.
  const computedDay = stored ? utcDay(stored.computedAt) : null;
  const stale = computedDay !== null && computedDay < utcDay(new Date()) && period.to >= formatIsoDate(computedDay);
  if (!stored || stale) await requestInsights(db, { chatbotId, from: period.from, to: period.to });
  return {
    period_type: period.periodType,
    answered_questions: stored?.answered ?? null,
    unanswered_questions: stored?.unanswered ?? null,
  };
}

export const analyticsRouter = createTRPCRouter({
  get: chatbotProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/v1/{chatbot_id}/analytics",
        summary: "Analytics of a chatbot for a date range (and the period of the same length before it)",
        tags: ["Chatbots"],
      },
    })
    .input(periodInput)
    .output(analyticsResultSchema)
    .query(async ({ ctx, input }) => (await analyticsFor(ctx, input, { previousDays: false })).result),

  /** The dashboard page: the same result plus the chatbot's name and the previous period day by day. */
  dashboard: chatbotProcedure
    .input(periodInput)
    .query(async ({ ctx, input }) => {
      const { chatbot, result, previousConversationsPerDay } = await analyticsFor(ctx, input, { previousDays: true });
      return { chatbot: { id: chatbot.id, name: chatbot.name }, analytics: result, previousConversationsPerDay: previousConversationsPerDay ?? {} };
    }),
});
