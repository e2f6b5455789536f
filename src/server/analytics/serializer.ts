import { z } from "zod";
import { liveChatFiguresSchema } from "@/server/analytics/live-chat-figures";

/** The contract's "Analytics result" (`GET /v1/{chatbot_id}/analytics`); definitions in docs/analytics.md. */
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const count = z.number().int().nonnegative();

/** Every value a whole number ≥ 0 (what `count` accepts), every key a string; not an array. */
function isCountRecord(value: unknown): value is Record<string, number> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  for (const key in value) {
    const n = (value as Record<string, unknown>)[key];
    if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 0) return false;
  }
  return true;
}

/**
 * Conversations per day: a year is 365 entries, and `z.record` checks each entry through two schemas
 * (~0.13 ms a call, a tenth of the server's work for a year's analytics, docs/decisions/093-native-spread-in-trpc.md). The same rule as one
 * loop; documented as the record it is.
 */
const countsPerDay = z.custom<Record<string, number>>(isCountRecord, "Expected an object of whole numbers ≥ 0 per day").meta({
  type: "object",
  propertyNames: { type: "string" },
  additionalProperties: { type: "integer", minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
});

const insightThemeSchema = z
  .object({
    summary_question: z.string(),
    theme: z.string(),
    frequency: count,
    examples: z.array(z.string()),
  })
  .meta({ id: "InsightTheme" });

const insightListSchema = z.object({ insight_data: z.array(insightThemeSchema) }).nullable();

export const analyticsResultSchema = z
  .object({
    fromDate: isoDay,
    toDate: isoDay,
    totalConversations: count,
    averageConversationsPerDay: z.number(),
    answeredQuestionsPercentage: z.number(),
    negativeSentimentPercentage: z.number(),
    messagesPerConversation: count,
    positiveFeedback: count,
    negativeFeedback: count,
    uniqueLinkClicks: count,
    leads: count.nullable(),
    previousPeriodConversations: count,
    previousPeriodPositiveFeedback: count,
    previousPeriodNegativeFeedback: count,
    previousPeriodAnsweredQuestionsPercentage: z.number(),
    previousPeriodNegativeSentimentPercentage: z.number(),
    previousPeriodMessagesPerConversation: count,
    conversationsPerDay: countsPerDay,
    popular: z.object({
      popularLinks: z.array(z.object({ id: z.string(), url: z.string(), title: z.string(), conversations_count: count })),
      popularCategories: z.array(z.object({ name: z.string(), conversations_count: count })),
      popularEvents: z.array(z.object({ value: z.string(), click_count: count })),
      topCountries: z.array(z.object({ country: z.string(), country_code: z.string(), visitors_count: count })),
    }),
    insights: z.object({
      period_type: z.enum(["weekly", "monthly"]),
      answered_questions: insightListSchema,
      unanswered_questions: insightListSchema,
    }),
  })
  // Added beside the documented fields (record 122): CSAT and the live chat's median response and resolution times.
  .extend(liveChatFiguresSchema.shape)
  .meta({ id: "AnalyticsResult" });

export type AnalyticsResult = z.infer<typeof analyticsResultSchema>;
export type InsightList = { insight_data: z.infer<typeof insightThemeSchema>[] };
