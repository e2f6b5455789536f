import { z } from "zod";
import { readDb } from "@/server/kernel/db/replicas";
import { queryInteger } from "@/server/kernel/lib/query-params";
import { agencyOwnerProcedure, createTRPCRouter, webhookProcedure } from "@/server/access";
import type { Db } from "@/server/kernel/db/client";
import { actorOf, auditedChange, changedFields, recordAudit } from "@/server/audit";
import { EVENT_TYPES, SUBSCRIBABLE_EVENTS } from "@/server/webhooks/events";
import { serializeWebhook, webhookDeliverySchema, webhookSchema } from "@/server/webhooks/serializer";
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks, resendDelivery, sendTestEvent, updateWebhook } from "@/server/webhooks/endpoints";

/** Agency webhook endpoints and their delivery log (contract "Webhook", docs/decisions/013-agency-api-open-points.md, §9). Agency owners only. */
const tags = ["Agency webhooks"];
const url = z
  .url({ protocol: /^https$/, error: "The {field} field must be an https:// URL." })
  .max(2048);
const events = z.array(z.enum(EVENT_TYPES)).nullable().optional();

const settingsOf = (w: { url: string; events: string[] | null; active: boolean }) => ({ url: w.url, events: w.events, active: w.active });

/** A webhook change in the agency's audit log (the secret never). */
function auditWebhook(
  ctx: Parameters<typeof actorOf>[0] & { db: Db },
  agencyId: string,
  action: "webhook.created" | "webhook.updated" | "webhook.deleted",
  webhook: { id: string; url: string },
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  return recordAudit(ctx.db, { agencyId, teamId: null, actor: actorOf(ctx), action, target: { type: "webhook", id: webhook.id, name: webhook.url }, before, after });
}

export const agencyWebhooksRouter = createTRPCRouter({
  list: agencyOwnerProcedure
    .meta({ rest: { method: "GET", path: "/v1/agency/webhooks", summary: "Webhook endpoints and the subscribable event types", tags } })
    .input(z.object({}).optional())
    .output(z.object({ webhooks: z.array(webhookSchema), events: z.array(z.string()) }))
    .query(async ({ ctx }) => ({ webhooks: await listWebhooks(ctx.db, ctx.agency), events: [...SUBSCRIBABLE_EVENTS] })),

  create: agencyOwnerProcedure
    .meta({ rest: { method: "POST", path: "/v1/agency/webhooks", summary: "Create a webhook endpoint (the only response with its secret)", status: 201, idempotency: "required", shownOnce: ["secret"], tags } })
    .input(z.object({ url, events }))
    .output(z.object({ webhook: webhookSchema, secret: z.string() }))
    .mutation(async ({ ctx, input }) => {
      return auditedChange(ctx.db, async (db) => {
        const created = await createWebhook(db, ctx.agency, input);
        await auditWebhook({ ...ctx, db }, ctx.agency.id, "webhook.created", created.webhook, null, settingsOf(created.webhook));
        return created;
      });
    }),

  update: webhookProcedure
    .meta({ rest: { method: "PATCH", path: "/v1/agency/webhooks/{webhook_id}", summary: "Change url, events or active; the secret is kept", idempotency: "required", tags } })
    .input(z.object({ url: url.optional(), events, active: z.boolean().optional() }))
    .output(z.object({ webhook: webhookSchema }))
    .mutation(async ({ ctx, input }) => {
      return auditedChange(ctx.db, async (db) => {
        const webhook = await updateWebhook(db, ctx.webhook, input);
        const diff = changedFields(settingsOf(serializeWebhook(ctx.webhook)), settingsOf(webhook));
        if (diff) await auditWebhook({ ...ctx, db }, ctx.agency.id, "webhook.updated", webhook, diff.before, diff.after);
        return { webhook };
      });
    }),

  delete: webhookProcedure
    .meta({ rest: { method: "DELETE", path: "/v1/agency/webhooks/{webhook_id}", summary: "Delete a webhook endpoint and its log", status: 204, idempotency: "optional", tags } })
    .output(z.null())
    .mutation(async ({ ctx }) => {
      await auditedChange(ctx.db, async (db) => {
        await deleteWebhook(db, ctx.webhook);
        const webhook = serializeWebhook(ctx.webhook);
        await auditWebhook({ ...ctx, db }, ctx.agency.id, "webhook.deleted", webhook, settingsOf(webhook), null);
      });
      return null;
    }),

  deliveries: webhookProcedure
    .meta({ rest: { method: "GET", path: "/v1/agency/webhooks/{webhook_id}/deliveries", summary: "The delivery log, newest first (kept 30 days)", tags } })
    .input(
      z.object({
        page: queryInteger({ min: 1 }).default(1),
        per_page: queryInteger({ min: 1, max: 100 }).default(25),
      }),
    )
    .output(z.object({ current_page: z.number().int(), data: z.array(webhookDeliverySchema), per_page: z.number().int(), total: z.number().int() }))
    .query(({ ctx, input }) => readDb(ctx, (db) => listDeliveries(db, ctx.webhook, input.page, input.per_page))),

  // Dashboard-only (tRPC): one endpoint, resend, test event.
  get: webhookProcedure.query(({ ctx }) => serializeWebhook(ctx.webhook)),

  resend: webhookProcedure
    .input(z.object({ delivery_id: z.string() }))
    .mutation(({ ctx, input }) => resendDelivery(ctx.db, ctx.webhook, input.delivery_id)),

  sendTest: webhookProcedure.mutation(({ ctx }) => sendTestEvent(ctx.db, ctx.webhook)),
});
