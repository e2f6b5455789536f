/**
 * One client's value report for one period (docs/decisions/113-the-value-report.md): the figures of its
 * chatbots (figures.ts, from the analytics capability), the change against the period before, the
 * unanswered questions clustered with their "Answer this" links (unanswered.ts), the agency's brand and
 * the e-mail's delivery.
 */
import type { ClientReport, Team } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { isoMicro, isoMicroOrNull } from "@/server/kernel/lib/timestamps";
import { agencyBrand, siteBaseUrl } from "@/server/branding";
import { utcDay } from "@/server/analytics";
import { periodFigures, type PeriodFigures } from "@/server/reports/figures";
import { periodLabel, previousPeriod, type ReportPeriod } from "@/server/reports/period";
import { settingsRow, valueSettings } from "@/server/reports/settings";
import { MAX_CLUSTERS_SHOWN, unansweredClusters, type ChatbotCluster } from "@/server/reports/unanswered";
import { answerLinkUrl } from "@/server/reports/answer-link";
import type { ClientReportJson } from "@/server/reports/serializer";

type Agency = Parameters<typeof agencyBrand>[0] & Pick<Team, "customDomain" | "customDomainVerifiedAt">;

/** Percent change, 1 decimal; null when there was nothing before. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

const headline = (f: PeriodFigures) => {
  const { conversations_per_day: _d, busiest_hours: _h, busiest_days: _w, channels: _c, chatbots: _b, ...rest } = f;
  void [_d, _h, _w, _c, _b];
  return rest;
};

/** The chatbots a report covers: the workspace's, not deleted (a deleted chatbot's analytics are gone from the API too). */
export function reportChatbots(db: Db, clientId: string) {
  return db.chatbot.findMany({ where: { teamId: clientId, deletedAt: null }, select: { id: true, name: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

export function serializeDelivery(row: ClientReport | null): ClientReportJson["delivery"] {
  if (!row) return null;
  const recipients = (row.deliveries as { email: string; status: "sent" | "failed"; error?: string | null }[]).map((d) => ({ email: d.email, status: d.status, error: d.error ?? null }));
  return {
    status: row.status as NonNullable<ClientReportJson["delivery"]>["status"],
    attempts: row.attempts,
    last_error: row.lastError,
    requested_by: row.requestedBy,
    recipients,
    sent_at: isoMicroOrNull(row.sentAt),
    updated_at: isoMicro(row.updatedAt),
  };
}

export async function buildReport(db: Db, agency: Agency, client: Team, period: ReportPeriod, now = new Date()): Promise<ClientReportJson> {
  const before = previousPeriod(period);
  const [settings, chatbots, delivery] = await Promise.all([
    settingsRow(db, client.id),
    reportChatbots(db, client.id),
    db.clientReport.findUnique({ where: { teamId_period: { teamId: client.id, period: period.key } } }),
  ]);
  const value = valueSettings(settings);
  const [figures, previous, unanswered, earlier] = await Promise.all([
    periodFigures(db, chatbots, period, value),
    periodFigures(db, chatbots, before, value),
    unansweredClusters(db, chatbots, period),
    unansweredClusters(db, chatbots, before, { onlyResolved: true }),
  ]);
  const base = siteBaseUrl(agency);
  const brand = agencyBrand(agency);
  const clusterJson = (c: ChatbotCluster, p: ReportPeriod) => ({
    id: c.key,
    chatbot_id: c.chatbot_id,
    chatbot_name: c.chatbot_name,
    label: c.label,
    question: c.question,
    count: c.count,
    examples: c.examples,
    status: c.resolved_by ? ("resolved" as const) : ("open" as const),
    resolved_by: c.resolved_by,
    answer_url: c.resolved_by ? null : answerLinkUrl(base, { chatbotId: c.chatbot_id, question: c.question, clusterKey: c.key, period: p.key }, now),
  });
  return {
    client: { id: client.id, name: client.name },
    agency: { name: brand.name, logo_url: brand.logoUrl, accent_color: brand.accentColor, support_email: brand.supportEmail },
    period: period.key,
    period_label: periodLabel(period),
    from: period.from,
    to: period.to,
    complete: period.last < utcDay(now),
    previous_period: before.key,
    previous_period_label: periodLabel(before),
    figures,
    previous: headline(previous),
    change: {
      conversations: percentChange(figures.conversations, previous.conversations),
      answered_rate: Math.round((figures.answered_rate - previous.answered_rate) * 100) / 100,
      handed_to_person: percentChange(figures.handed_to_person, previous.handed_to_person),
      leads: percentChange(figures.leads, previous.leads),
      hours_saved: percentChange(figures.hours_saved, previous.hours_saved),
    },
    unanswered: {
      questions: unanswered.questions,
      clusters: unanswered.clusters.slice(0, MAX_CLUSTERS_SHOWN).map((c) => clusterJson(c, period)),
      resolved_since_previous: earlier.clusters.filter((c) => c.resolved_by).map((c) => clusterJson(c, before)),
    },
    delivery: serializeDelivery(delivery),
    generated_at: isoMicro(now),
  };
}
