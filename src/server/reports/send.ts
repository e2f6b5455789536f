/**
 * E-mailing a client's report once per period (docs/decisions/114-reports-sent-once.md). The row of
 * (client, period) in `client_reports` is the claim: a job takes it in one statement (pending or failed,
 * or a crashed holder's past its lease) and no other worker can take it meanwhile. Each recipient's send
 * is recorded as it happens, so a retry sends only to those not reached; a failure is retried by the queue
 * and shown in the report's `delivery`.
 */
import { createHash } from "node:crypto";
import type { ClientReport, Team } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { env } from "@/server/kernel/env";
import { AppError } from "@/server/kernel/errors";
import { enqueue, job } from "@/server/kernel/jobs/registry";
import { mailIsSetUp, sendMail } from "@/server/kernel/mail/mailer";
import { agencyBrand, siteBaseUrl } from "@/server/branding";
import { parsePeriod, type ReportPeriod } from "@/server/reports/period";
import { buildReport } from "@/server/reports/report";
import { renderReportPdf } from "@/server/reports/pdf";
import { reportMail } from "@/server/reports/mail";
import { settingsRow } from "@/server/reports/settings";

/** A run holds its claim this long; a worker killed mid-run gives it up when it runs out (or when its own job is retried). */
export const SEND_LEASE_SECONDS = 600;
export const SEND_MAX_ATTEMPTS = 8;

interface Delivery {
  email: string;
  status: "sent" | "failed";
  message_id: string | null;
  error: string | null;
  at: string;
}

const jobKey = (teamId: string, period: string) => `client-report:${teamId}:${period}`;

/**
 * Asks for a client's report of a period to be e-mailed: its row is created if missing and the send job
 * queued (one per client and period). A report already sent is sent again only when `resend` is asked.
 */
export async function requestSend(db: Db, clientId: string, period: ReportPeriod, opts: { requestedBy: string; resend: boolean }): Promise<ClientReport> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`INSERT INTO client_reports (team_id, period, requested_by) VALUES (${clientId}::uuid, ${period.key}, ${opts.requestedBy}) ON CONFLICT (team_id, period) DO NOTHING`;
    // Locked: two requests for the same report queue one send.
    await tx.$queryRaw`SELECT 1 FROM client_reports WHERE team_id = ${clientId}::uuid AND period = ${period.key} FOR UPDATE`;
    const row = await tx.clientReport.findUniqueOrThrow({ where: { teamId_period: { teamId: clientId, period: period.key } } });
    if (row.status === "sent" && !opts.resend) return row;
    if (row.status === "sending" && row.leaseUntil && row.leaseUntil > new Date()) return row;
    const updated = await tx.clientReport.update({
      where: { id: row.id },
      data: {
        requestedBy: opts.requestedBy,
        ...(row.status === "sent" ? { status: "pending", deliveries: [], sentAt: null, attempts: 0, lastError: null } : {}),
      },
    });
    await enqueue(tx, "send_client_report", { teamId: clientId, period: period.key }, { jobKey: jobKey(clientId, period.key), maxAttempts: SEND_MAX_ATTEMPTS });
    return updated;
  });
}

/** Takes the claim for this job, or null when the report is sent or another live run holds it. */
async function claim(db: Db, teamId: string, period: string, jobId: string): Promise<ClientReport | null> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    UPDATE client_reports
       SET status = 'sending', claimed_by_job = ${jobId}, lease_until = now() + make_interval(secs => ${SEND_LEASE_SECONDS}),
           attempts = attempts + 1, updated_at = now()
     WHERE team_id = ${teamId}::uuid AND period = ${period}
       AND (status IN ('pending', 'failed') OR (status = 'sending' AND (lease_until < now() OR claimed_by_job = ${jobId})))
     RETURNING id::text`;
  return rows[0] ? db.clientReport.findUnique({ where: { id: rows[0].id } }) : null;
}

/** Who gets a client's report: its admins (not the agency's owner, who has the agency's report) and its extra recipients. */
async function recipientsOf(db: Db, client: Team, agency: Team): Promise<string[]> {
  const [admins, settings] = await Promise.all([
    db.membership.findMany({ where: { teamId: client.id, role: "admin", userId: { not: agency.ownerId } }, include: { user: { select: { email: true } } } }),
    settingsRow(db, client.id),
  ]);
  return [...new Set([...admins.map((a) => a.user.email.toLowerCase()), ...settings.extraRecipients.map((e) => e.toLowerCase())])].sort();
}

/** The same message id on every attempt to the same person, so a copy sent twice across a crash is recognisably one message. */
function messageIdFor(reportId: string, email: string, domain: string): string {
  return `<report-${reportId}-${createHash("sha256").update(email).digest("hex").slice(0, 16)}@${domain}>`;
}

export async function sendReport(db: Db, teamId: string, periodKey: string, jobId: string): Promise<"sent" | "skipped" | "failed"> {
  const row = await claim(db, teamId, periodKey, jobId);
  if (!row) return "skipped";
  const fail = async (message: string, deliveries?: Delivery[]) => {
    await db.clientReport.update({ where: { id: row.id }, data: { status: "failed", lastError: message.slice(0, 1000), leaseUntil: null, ...(deliveries ? { deliveries: deliveries as object[] } : {}) } });
    return "failed" as const;
  };
  const period = parsePeriod(periodKey);
  const client = await db.team.findUnique({ where: { id: teamId } });
  const agency = client?.agencyId ? await db.team.findUnique({ where: { id: client.agencyId } }) : null;
  if (!period || !client || !agency || client.deletedAt) return fail("The client no longer exists.");

  const recipients = await recipientsOf(db, client, agency);
  if (recipients.length === 0) return fail("No one to send it to: the workspace has no admins and no extra recipients.");
  const report = await buildReport(db, agency, client, period);
  const pdf = await renderReportPdf(report);
  const brand = agencyBrand(agency);
  const domain = brand.mailDomain ?? new URL(env().APP_URL).hostname;
  const deliveries = (row.deliveries as unknown as Delivery[]).filter((d) => recipients.includes(d.email));
  for (const email of recipients) {
    if (deliveries.some((d) => d.email === email && d.status === "sent")) continue;
    const messageId = messageIdFor(row.id, email, domain);
    const result = await sendMail(await reportMail(brand, report, pdf, { to: email, messageId, homeUrl: `${siteBaseUrl(agency)}/home` }));
    const entry: Delivery = { email, status: result.sent ? "sent" : "failed", message_id: result.sent ? messageId : null, error: result.sent ? null : result.reason, at: new Date().toISOString() };
    const at = deliveries.findIndex((d) => d.email === email);
    if (at >= 0) deliveries[at] = entry;
    else deliveries.push(entry);
    // Recorded at once: a run killed after this mail does not send it again.
    await db.clientReport.update({ where: { id: row.id }, data: { deliveries: deliveries as unknown as object[], updatedAt: new Date() } });
  }
  const failed = deliveries.filter((d) => d.status === "failed");
  if (failed.length) return fail(`Not sent to ${failed.map((d) => d.email).join(", ")}: ${failed[0]!.error}`, deliveries);
  await db.clientReport.update({
    where: { id: row.id },
    data: { status: "sent", sentAt: new Date(), lastError: null, leaseUntil: null, snapshot: report as unknown as object },
  });
  return "sent";
}

/**
 * After a failed send, whether a retry could change it: not without recipients or a client, and not on an
 * installation that sends no e-mail (the report shows why it was not sent; sending it again is asked for by hand).
 */
export async function worthRetrying(db: Db, teamId: string, periodKey: string): Promise<boolean> {
  if (!mailIsSetUp()) return false;
  const row = await db.clientReport.findUnique({ where: { teamId_period: { teamId, period: periodKey } } });
  return Boolean(row?.deliveries && (row.deliveries as unknown as Delivery[]).length > 0);
}

/** `send_client_report`: one client's report of one period; a failed send that a retry could change throws, so the queue retries it. */
export const sendClientReportJob = job("send_client_report", async (db, payload, helpers) => {
  const outcome = await sendReport(db, payload.teamId, payload.period, String(helpers.job.id));
  helpers.logger.info(`client report ${payload.teamId} ${payload.period}: ${outcome}`);
  if (outcome === "failed" && (await worthRetrying(db, payload.teamId, payload.period))) {
    const row = await db.clientReport.findUnique({ where: { teamId_period: { teamId: payload.teamId, period: payload.period } } });
    throw new AppError("SERVICE_UNAVAILABLE", row?.lastError ?? "The report was not sent.");
  }
});
