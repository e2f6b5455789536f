import { z } from "zod";

/** The value report's JSON (docs/decisions/113-the-value-report.md); every figure is defined in docs/analytics.md and docs/reports.md. */
const count = z.number().int().nonnegative();
const money = z.object({ amount: z.number(), currency: z.string() }).nullable();

const headline = {
  from: z.string(),
  to: z.string(),
  conversations: count,
  questions: count,
  answered_questions: count,
  answered_rate: z.number().describe("Answered questions / questions × 100 (2 decimals): the analytics result's answeredQuestionsPercentage."),
  handed_to_person: count.describe("Conversations a person was asked for or took part in."),
  leads: count,
  csat: z.number().nullable().describe("Customer satisfaction: null while nothing is rated (thumbs feedback is reported apart, not as CSAT)."),
  positive_feedback: count,
  negative_feedback: count,
  answered_conversations: count.describe("Conversations the bot answered alone: at least one answered question, no person."),
  minutes_per_conversation: count,
  hours_saved: z.number().describe("answered_conversations × minutes_per_conversation / 60, 1 decimal."),
  value_saved: money.describe("hours saved × the client's hourly rate, when one is set."),
};

export const periodFiguresSchema = z
  .object({
    ...headline,
    conversations_per_day: z.record(z.string(), count),
    busiest_hours: z.array(z.object({ hour: z.number().int().min(0).max(23), conversations: count })).describe("Conversations started per UTC hour, 0–23."),
    busiest_days: z.array(z.object({ weekday: z.string(), conversations: count })).describe("Conversations per weekday, Monday first."),
    channels: z.array(z.object({ channel: z.string(), conversations: count })).describe("Conversations per surface: widget, share, api, or a messaging channel's kind (the playground's are not counted)."),
    chatbots: z.array(
      z.object({
        chatbot_id: z.string(),
        name: z.string(),
        conversations: count,
        questions: count,
        answered_questions: count,
        answered_rate: z.number(),
        handed_to_person: count,
        leads: count,
        positive_feedback: count,
        negative_feedback: count,
      }),
    ),
  })
  .meta({ id: "ReportFigures" });

export const previousFiguresSchema = z.object(headline).meta({ id: "ReportPreviousFigures" });

const resolvedBy = z.object({ updated_answer_id: z.string(), question: z.string() }).nullable();

export const clusterSchema = z
  .object({
    id: z.string(),
    chatbot_id: z.string(),
    chatbot_name: z.string(),
    label: z.string(),
    question: z.string(),
    count,
    examples: z.array(z.string()),
    status: z.enum(["open", "resolved"]),
    resolved_by: resolvedBy,
    answer_url: z.string().nullable().describe("Signed link that opens the updated-answer form filled in with the question (null once resolved)."),
  })
  .meta({ id: "UnansweredCluster" });

export const deliverySchema = z
  .object({
    status: z.enum(["pending", "sending", "sent", "failed"]),
    attempts: count,
    last_error: z.string().nullable(),
    requested_by: z.string(),
    recipients: z.array(z.object({ email: z.string(), status: z.enum(["sent", "failed"]), error: z.string().nullable() })),
    sent_at: z.string().nullable(),
    updated_at: z.string(),
  })
  .meta({ id: "ReportDelivery" });

export const reportSchema = z
  .object({
    client: z.object({ id: z.string(), name: z.string() }),
    agency: z.object({ name: z.string(), logo_url: z.string().nullable(), accent_color: z.string(), support_email: z.string().nullable() }),
    period: z.string(),
    period_label: z.string(),
    from: z.string(),
    to: z.string(),
    complete: z.boolean().describe("False while the period is still running: its figures so far."),
    previous_period: z.string(),
    previous_period_label: z.string(),
    figures: periodFiguresSchema,
    previous: previousFiguresSchema,
    change: z.object({
      conversations: z.number().nullable().describe("Percent change against the previous period; null when it had none."),
      answered_rate: z.number().describe("Percentage points."),
      handed_to_person: z.number().nullable(),
      leads: z.number().nullable(),
      hours_saved: z.number().nullable(),
    }),
    unanswered: z.object({
      questions: count.describe("Unanswered questions asked in the period (each ask counted)."),
      clusters: z.array(clusterSchema),
      resolved_since_previous: z.array(clusterSchema).describe("The previous period's clusters an updated answer now answers."),
    }),
    delivery: deliverySchema.nullable(),
    generated_at: z.string(),
  })
  .meta({ id: "ClientReport" });

export type ClientReportJson = z.infer<typeof reportSchema>;
export type ReportFigures = z.infer<typeof periodFiguresSchema>;
