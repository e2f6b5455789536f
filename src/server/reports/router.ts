import { z } from "zod";
import { readDb, type ReadContext } from "@/server/kernel/db/replicas";
import { agencyOwnerProcedure, authenticatedProcedure, canEditChatbot, clientProcedure, createTRPCRouter, readableChatbot, teamProcedure } from "@/server/access";
import type { Team } from "@/generated/prisma/client";
import { actorOf, auditedChange, recordAudit } from "@/server/audit";
import { agencyOfTeam } from "@/server/branding";
import { utcDay } from "@/server/analytics";
import { AppError, validationError } from "@/server/kernel/errors";
import { agencyReport, agencyReportSchema } from "@/server/reports/agency-report";
import { readAnswerLink } from "@/server/reports/answer-link";
import { periodOf, periodProblem, previousPeriod, type ReportPeriod } from "@/server/reports/period";
import { renderReportPdf } from "@/server/reports/pdf";
import { buildReport, serializeDelivery } from "@/server/reports/report";
import { pdfFilename } from "@/server/reports/report-words";
import { requestSend } from "@/server/reports/send";
import { deliverySchema, reportSchema } from "@/server/reports/serializer";
import { reportSettingsInput, reportSettingsSchema, serializeSettings, settingsRow, updateSettings } from "@/server/reports/settings";

/** The value report (docs/decisions/113-the-value-report.md): a client's report, its PDF, its sending, its settings, and the agency's table. */
const tags = ["Reports"];
const periodField = z.string().max(20).describe("A month, YYYY-MM (e.g. 2026-11), or an ISO week, YYYY-Www (e.g. 2026-W47).");

const lastMonth = (today: number) => previousPeriod(periodOf("month", today));

/** The period asked for, or the 422 naming `period`: malformed, in the future, or over before the client existed. */
function checkedPeriod(value: string | undefined, createdAt: Date | null, now = new Date()): ReportPeriod {
  const today = utcDay(now);
  const created = createdAt ? utcDay(createdAt) : -Infinity;
  // Unsaid: the last whole month, or this month so far for a client that did not exist then.
  const fallback = lastMonth(today).last >= created ? lastMonth(today).key : periodOf("month", today).key;
  const { period, problem } = periodProblem(value ?? fallback, created, today);
  if (problem || !period) throw validationError({ period: [problem ?? "The period field is invalid."] });
  return period;
}

/** An audit entry about a client's report, by the caller, in the change's transaction. */
function auditReport(
  db: Parameters<typeof recordAudit>[0],
  ctx: Parameters<typeof actorOf>[0] & { client: Team; agency: { id: string } },
  action: "client.report_send_requested" | "client.report_settings_changed",
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
) {
  const target = { type: "client", id: ctx.client.id, name: ctx.client.name };
  return recordAudit(db, { agencyId: ctx.agency.id, teamId: ctx.client.id, actor: actorOf(ctx), action, target, before, after });
}

type ClientCtx = ReadContext & { client: Team; agency: { id: string } };

async function reportOf(ctx: ClientCtx, period: ReportPeriod) {
  return readDb(ctx, async (db) => buildReport(db, await db.team.findUniqueOrThrow({ where: { id: ctx.agency.id } }), ctx.client, period));
}

export const reportsRouter = createTRPCRouter({
  get: clientProcedure
    .meta({ rest: { method: "GET", path: "/v1/agency/clients/{client_id}/reports", summary: "A client's value report for a period (JSON)", tags } })
    .input(z.object({ period: periodField.optional() }))
    .output(z.object({ report: reportSchema }))
    .query(async ({ ctx, input }) => ({ report: await reportOf(ctx, checkedPeriod(input.period, ctx.client.createdAt)) })),

  pdf: clientProcedure
    .meta({ rest: { method: "GET", path: "/v1/agency/clients/{client_id}/reports/{period}.pdf", summary: "A client's value report for a period as a PDF", tags, produces: "application/pdf" } })
    .input(z.object({ period: periodField }))
    .output(z.object({ filename: z.string(), body: z.instanceof(Uint8Array) }))
    .query(async ({ ctx, input }) => {
      const period = checkedPeriod(input.period, ctx.client.createdAt);
      const report = await reportOf(ctx, period);
      return { filename: pdfFilename(report), body: new Uint8Array(await renderReportPdf(report)) };
    }),

  send: clientProcedure
    .meta({
      rest: { method: "POST", path: "/v1/agency/clients/{client_id}/reports/{period}/send", summary: "E-mail a client's report of a period now (once; `resend: true` sends it again)", status: 202, idempotency: "optional", tags },
    })
    .input(z.object({ period: periodField, resend: z.boolean().optional() }))
    .output(z.object({ delivery: deliverySchema }))
    .mutation(async ({ ctx, input }) => {
      const period = checkedPeriod(input.period, ctx.client.createdAt);
      if (period.last >= utcDay(new Date())) throw validationError({ period: [`The period ${period.key} is not over yet: its report can be sent from the day after ${period.to}.`] });
      return auditedChange(ctx.db, async (db) => {
        const row = await requestSend(db, ctx.client.id, period, { requestedBy: actorOf(ctx).name, resend: input.resend ?? false });
        await auditReport(db, ctx, "client.report_send_requested", null, { period: period.key, resend: input.resend ?? false, status: row.status });
        return { delivery: serializeDelivery(row)! };
      });
    }),

  settings: clientProcedure
    .meta({ rest: { method: "GET", path: "/v1/agency/clients/{client_id}/reports/settings", summary: "A client's report settings", tags } })
    .output(z.object({ report_settings: reportSettingsSchema }))
    .query(async ({ ctx }) => ({ report_settings: serializeSettings(ctx.client.id, await settingsRow(ctx.db, ctx.client.id)) })),

  updateSettings: clientProcedure
    .meta({ rest: { method: "PATCH", path: "/v1/agency/clients/{client_id}/reports/settings", summary: "Change a client's report settings (only the fields sent)", idempotency: "required", tags } })
    .input(reportSettingsInput)
    .output(z.object({ report_settings: reportSettingsSchema }))
    .mutation(async ({ ctx, input }) =>
      auditedChange(ctx.db, async (db) => {
        const { client_id: _id, ...fields } = input as typeof input & { client_id?: string };
        void _id;
        const { before, after } = await updateSettings(db, ctx.client, fields);
        await auditReport(db, ctx, "client.report_settings_changed", { ...before, updated_at: undefined }, { ...after, updated_at: undefined });
        return { report_settings: after };
      }),
    ),

  agency: agencyOwnerProcedure
    .meta({ rest: { method: "GET", path: "/v1/agency/reports", summary: "Every client of the agency for a period, flagged", tags } })
    .input(z.object({ period: periodField.optional() }))
    .output(agencyReportSchema)
    .query(({ ctx, input }) => readDb(ctx, (db) => agencyReport(db, ctx.agency, checkedPeriod(input.period, null)))),

  // Dashboard-only (tRPC, no REST route).

  /** The client's home: its latest report (the last whole period of its schedule) with the open clusters. */
  latest: teamProcedure.query(async ({ ctx }) => {
    if (ctx.team.kind !== "client" || !ctx.team.agencyId) return null;
    const agency = await agencyOfTeam(ctx.db, ctx.team);
    if (!agency) return null;
    const settings = await settingsRow(ctx.db, ctx.team.id);
    const today = utcDay(new Date());
    const last = previousPeriod(periodOf(settings.frequency === "weekly" ? "week" : "month", today));
    const period = last.last >= utcDay(ctx.team.createdAt) ? last : periodOf(last.kind, today);
    return readDb(ctx, (db) => buildReport(db, agency, ctx.team, period));
  }),

  /** A report's "Answer this" link, opened: the question to fill in, for a signed-in user who may edit the chatbot. */
  answerLink: authenticatedProcedure.input(z.object({ token: z.string().max(4000) })).query(async ({ ctx, input }) => {
    const link = readAnswerLink(input.token);
    if (!link.ok) throw new AppError("NOT_FOUND", link.reason === "expired" ? "This link has expired: open the latest report for a new one." : "This link is not valid.");
    const { chatbot, role } = await readableChatbot(ctx.db, ctx.user.id, link.data.chatbotId);
    if (!canEditChatbot(role)) throw new AppError("FORBIDDEN", "Only the workspace's admins and editors can add updated answers.");
    return { chatbot_id: chatbot.id, question: link.data.question, period: link.data.period, cluster_id: link.data.clusterKey };
  }),
});
