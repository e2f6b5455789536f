/**
 * When a client's report is due (docs/decisions/113-the-value-report.md): monthly on a day of the month
 * the previous month's, weekly on a weekday the previous week's. Past that day the period stays due until
 * its report exists (a worker that was down catches up), and only the latest due period is sent.
 */
import { utcDay } from "@/server/analytics";
import type { Db } from "@/server/kernel/db/client";
import { job } from "@/server/kernel/jobs/registry";
import { isoWeekday, periodOf, previousPeriod, type ReportPeriod } from "@/server/reports/period";
import { civilFromDays } from "@/server/kernel/lib/calendar";
import { requestSend } from "@/server/reports/send";

export interface Schedule {
  frequency: string;
  dayOfMonth: number;
  weekday: number;
}

/** The period whose report is due on `today` (a UTC day number), or null (reports off). */
export function duePeriod(schedule: Schedule, today: number): ReportPeriod | null {
  if (schedule.frequency === "monthly") {
    const last = previousPeriod(periodOf("month", today));
    return civilFromDays(today).day >= schedule.dayOfMonth ? last : previousPeriod(last);
  }
  if (schedule.frequency === "weekly") {
    const last = previousPeriod(periodOf("week", today));
    return isoWeekday(today) >= schedule.weekday ? last : previousPeriod(last);
  }
  return null;
}

/** Queues the due report of every client that has none yet for that period; returns how many. */
export async function scheduleDueReports(db: Db, now = new Date()): Promise<number> {
  const today = utcDay(now);
  const clients = await db.team.findMany({
    where: { kind: "client", deletedAt: null, archivedAt: null, agencyId: { not: null } },
    select: { id: true, createdAt: true, reportSettings: true },
  });
  let queued = 0;
  for (const client of clients) {
    const settings = client.reportSettings ?? { frequency: "monthly", dayOfMonth: 1, weekday: 1 };
    const period = duePeriod(settings, today);
    // A period that ended before the client existed has nothing to tell.
    if (!period || period.last < utcDay(client.createdAt)) continue;
    const exists = await db.clientReport.findUnique({ where: { teamId_period: { teamId: client.id, period: period.key } }, select: { id: true } });
    if (exists) continue;
    await requestSend(db, client.id, period, { requestedBy: "schedule", resend: false });
    queued += 1;
  }
  return queued;
}

/** `schedule_client_reports`: hourly, and once when a worker starts. */
export const scheduleClientReportsJob = job("schedule_client_reports", async (db, _payload, helpers) => {
  const queued = await scheduleDueReports(db);
  if (queued) helpers.logger.info(`client reports queued: ${queued}`);
});
