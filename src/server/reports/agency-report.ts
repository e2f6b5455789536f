/**
 * The agency's own report (docs/decisions/113-the-value-report.md): every client of the agency in one
 * table for a period — conversations, answered rate, credits used, runway at the current pace (the
 * clients page's own figure), open unanswered clusters, CSAT — and two flags: the answered rate fell
 * against the previous period, or the credits run out before the client's credit period ends.
 */
import { z } from "zod";
import type { Db } from "@/server/kernel/db/client";
import { isoMicroOrNull } from "@/server/kernel/lib/timestamps";
import { utcDay } from "@/server/analytics";
import { agencyClientCredits, creditsUsedBetween } from "@/server/workspaces";
import type { Agency } from "@/server/access";
import { periodFigures } from "@/server/reports/figures";
import { periodLabel, previousPeriod, periodOf, type ReportPeriod } from "@/server/reports/period";
import { reportChatbots } from "@/server/reports/report";
import { settingsRow, valueSettings } from "@/server/reports/settings";
import { unansweredClusters } from "@/server/reports/unanswered";

const DAY_MS = 86_400_000;

export const agencyReportRowSchema = z
  .object({
    client_id: z.string(),
    name: z.string(),
    status: z.string(),
    conversations: z.number().int(),
    answered_rate: z.number(),
    previous_answered_rate: z.number(),
    handed_to_person: z.number().int(),
    hours_saved: z.number(),
    credits_used: z.number().int().describe("Message credits charged in the period."),
    messages_remaining: z.number().int(),
    runway_days: z.number().nullable().describe("Days the remaining credits last at the last 7 days' pace; null when nothing was used."),
    credit_period_ends_at: z.string().describe("The end of the client's credit period (its renewal, else the end of this month), YYYY-MM-DD."),
    unanswered_clusters: z.number().int().describe("Open clusters of unanswered questions in the period."),
    csat: z.number().nullable(),
    flags: z.object({
      answered_rate_fell: z.boolean(),
      credits_run_out: z.boolean().describe("At the current pace the credits run out before the credit period ends."),
    }),
    report: z.object({ status: z.string(), sent_at: z.string().nullable() }).nullable(),
  })
  .meta({ id: "AgencyReportRow" });

export const agencyReportSchema = z
  .object({ period: z.string(), period_label: z.string(), from: z.string(), to: z.string(), clients: z.array(agencyReportRowSchema) })
  .meta({ id: "AgencyReport" });

export type AgencyReport = z.infer<typeof agencyReportSchema>;

export async function agencyReport(db: Db, agency: Agency, period: ReportPeriod, now = new Date()): Promise<AgencyReport> {
  const overview = await agencyClientCredits(db, agency);
  const ids = overview.clients.map((c) => c.team.id);
  const [used, sends] = await Promise.all([
    creditsUsedBetween(db, ids, period.from, period.to),
    db.clientReport.findMany({ where: { teamId: { in: ids }, period: period.key } }),
  ]);
  const sendOf = new Map(sends.map((s) => [s.teamId, s]));
  const monthEnd = periodOf("month", utcDay(now)).last;
  const clients: AgencyReport["clients"] = [];
  for (const { team: c, remaining, runway } of overview.clients) {
    const [chatbots, settings] = await Promise.all([reportChatbots(db, c.id), settingsRow(db, c.id)]);
    const value = valueSettings(settings);
    const [figures, previous, unanswered] = await Promise.all([
      periodFigures(db, chatbots, period, value),
      periodFigures(db, chatbots, previousPeriod(period), value),
      unansweredClusters(db, chatbots, period),
    ]);
    const endDay = c.creditsRenewAt ? utcDay(c.creditsRenewAt) : monthEnd;
    const daysLeft = (endDay * DAY_MS - now.getTime()) / DAY_MS + 1;
    const send = sendOf.get(c.id);
    clients.push({
      client_id: c.id,
      name: c.name,
      status: c.status,
      conversations: figures.conversations,
      answered_rate: figures.answered_rate,
      previous_answered_rate: previous.answered_rate,
      handed_to_person: figures.handed_to_person,
      hours_saved: figures.hours_saved,
      credits_used: used.get(c.id) ?? 0,
      messages_remaining: remaining,
      runway_days: runway,
      credit_period_ends_at: new Date(endDay * DAY_MS).toISOString().slice(0, 10),
      unanswered_clusters: unanswered.clusters.filter((u) => !u.resolved_by).length,
      csat: null,
      flags: {
        answered_rate_fell: previous.questions > 0 && figures.questions > 0 && figures.answered_rate < previous.answered_rate,
        credits_run_out: runway !== null && runway < daysLeft,
      },
      report: send ? { status: send.status, sent_at: isoMicroOrNull(send.sentAt) } : null,
    });
  }
  return { period: period.key, period_label: periodLabel(period), from: period.from, to: period.to, clients };
}
