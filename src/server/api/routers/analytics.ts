import { z } from "zod";
import { authenticatedProcedure, createTRPCRouter, type Context } from "@/server/api/trpc";
import type { Db } from "@/server/db/client";
import { formatIsoDate, resolvePeriod, utcDay, type AnalyticsPeriod } from "@/server/domain/analytics-period";
import { canViewContacts } from "@/server/domain/permissions";
import { notFound, validationError } from "@/server/errors";
import { analyticsResultSchema, type AnalyticsResult } from "@/server/serializers/analytics";
import { computeAnalytics, findInsights } from "@/server/services/analytics";
import { resolveChatbotRole } from "@/server/services/chatbot-access";
import { requestInsights } from "@/server/services/insights-queue";
import { findVisibleChatbot } from "@/server/services/tenancy";

/** `/v1/{chatbot_id}/analytics` and the dashboard's analytics page. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const inputSchema = z.object({
  chatbot_id: z.string().describe("The chatbot's id."),
  from: z.string().optional().describe("Start date, YYYY-MM-DD (UTC). Default: 30 days before today."),
  to: z.string().optional().describe("End date, YYYY-MM-DD (UTC), included. Default: today. Ranges over 366 days keep `to` and start 365 days before it."),
});

async function analyticsFor(ctx: Context & { user: NonNullable<Context["user"]> }, input: z.infer<typeof inputSchema>) {
  // A malformed id cannot name a chatbot: 404 like any unknown id, before touching the database.
  if (!UUID.test(input.chatbot_id)) throw notFound("Chatbot not found.");
  const chatbot = await findVisibleChatbot(ctx.db, ctx.user.id, input.chatbot_id);
  if (!chatbot) throw notFound("Chatbot not found.");
  const resolved = resolvePeriod({ from: input.from, to: input.to }, new Date());
  if (!resolved.ok) throw validationError(resolved.errors);
  const period = resolved.period;

  const [access, data, insights] = await Promise.all([
    resolveChatbotRole(ctx.db, ctx.user.id, chatbot.id),
    computeAnalytics(ctx.db, chatbot.id, period, { includeLeads: true }),
    insightsFor(ctx.db, chatbot.id, period),
  ]);
  const result: AnalyticsResult = { ...data.result, insights };
  if (!access || !canViewContacts(access.role)) result.leads = null;
  return { chatbot, result, previousConversationsPerDay: data.previousConversationsPerDay };
}

/** Stored themes for the period; asks the workers for them when missing or computed before the period ended. */
async function insightsFor(db: Db, chatbotId: string, period: AnalyticsPeriod): Promise<AnalyticsResult["insights"]> {
  const stored = await findInsights(db, chatbotId, period);
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
  get: authenticatedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/v1/{chatbot_id}/analytics",
        summary: "Analytics of a chatbot for a date range (and the period of the same length before it)",
        tags: ["Chatbots"],
      },
    })
    .input(inputSchema)
    .output(analyticsResultSchema)
    .query(async ({ ctx, input }) => (await analyticsFor(ctx, input)).result),

  /** The dashboard page: the same result plus the chatbot's name and the previous period day by day. */
  dashboard: authenticatedProcedure
    .input(inputSchema)
    .query(async ({ ctx, input }) => {
      const { chatbot, result, previousConversationsPerDay } = await analyticsFor(ctx, input);
      return { chatbot: { id: chatbot.id, name: chatbot.name }, analytics: result, previousConversationsPerDay };
    }),
});
