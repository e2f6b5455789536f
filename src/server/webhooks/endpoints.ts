/**
 * Webhook endpoints of an agency and their delivery log. The endpoint is the
 * one `webhookProcedure` checked belongs to the caller's agency.
 */
import { Prisma, type Webhook } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { keyedPageText, pageWithTotal } from "@/server/kernel/db/pages";
import { modelOfRow, selectModels } from "@/server/kernel/db/rows";
import { TEST_EVENT } from "@/server/webhooks/events";
import { generateWebhookSecret } from "@/server/webhooks/signature";
import { env } from "@/server/kernel/env";
import { AppError, validationError } from "@/server/kernel/errors";
import { storedUrlRefusal } from "@/server/kernel/net/guard";
import { serializeDelivery, serializeWebhook, type ListedDelivery } from "@/server/webhooks/serializer";
import type { Agency } from "@/server/access";
import { isUuid } from "@/server/kernel/lib/ids";
import { enqueueDeliveries, envelope, markPendingNotSent } from "@/server/webhooks/dispatch";

export async function listWebhooks(db: Db, agency: Agency) {
  const webhooks = await selectModels<Webhook>(db, {
    name: "webhooks_list",
    text: "SELECT * FROM webhooks WHERE team_id = $1::uuid ORDER BY created_at, id",
    values: [agency.id],
  });
  return webhooks.map(serializeWebhook);
}

const eventsJson = (events: string[] | null | undefined) => (events === null || events === undefined ? Prisma.DbNull : [...new Set(events)]);

/** 422 for endpoints deliveries must never reach (docs/decisions/016-ssrf-guard.md): credentials in the URL, private or metadata hosts. */
function assertDeliverableUrl(url: string) {
  const refusal = storedUrlRefusal(url, "url", { allowPrivate: env().WEBHOOK_ALLOW_PRIVATE_NETWORKS });
  if (refusal) throw validationError({ url: [refusal] });
}

export async function createWebhook(db: Db, agency: Agency, input: { url: string; events?: string[] | null }) {
  assertDeliverableUrl(input.url);
  const secret = generateWebhookSecret();
  const webhook = await db.webhook.create({ data: { teamId: agency.id, url: input.url, events: eventsJson(input.events), secret } });
  return { webhook: serializeWebhook(webhook), secret };
}

export async function updateWebhook(db: Db, current: Webhook, input: { url?: string; events?: string[] | null; active?: boolean }) {
  if (input.url !== undefined) assertDeliverableUrl(input.url);
  return db.$transaction(async (tx) => {
    const webhook = await tx.webhook.update({
      where: { id: current.id },
      data: {
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: eventsJson(input.events) } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
      },
    });
    if (current.active && input.active === false) await markPendingNotSent(tx, current.id, "Webhook deactivated");
    return serializeWebhook(webhook);
  });
}

export async function deleteWebhook(db: Db, webhook: Webhook) {
  await db.webhook.delete({ where: { id: webhook.id } });
}

/** The endpoint's deliveries as the triggers keep them counted (webhooks/sql/delivery-counts.sql), not a count of every row per page. */
const DELIVERY_TOTAL = "(SELECT coalesce(sum(n.deliveries), 0)::int FROM webhook_delivery_counts n WHERE n.webhook_id = $1::uuid)";

/** The delivery log, newest first: the page (read by its keys) and its total in one statement (kernel/db/pages.ts), the response's columns only. */
export async function listDeliveries(db: Db, webhook: Webhook, page: number, perPage: number) {
  const { rows, total } = await pageWithTotal<Record<string, unknown>>(db, {
    name: "webhook_deliveries_page",
    text: keyedPageText({
      columns: `d.id, d.webhook_id, d.event, d.payload, d.response_status, d.attempts, d.last_error, d.delivered_at, d.created_at, d.updated_at,
                ${DELIVERY_TOTAL} AS total_count`,
      table: "webhook_deliveries",
      alias: "d",
      where: "d.webhook_id = $1::uuid",
      orderBy: "d.created_at DESC, d.id DESC",
      params: 1,
    }),
    countText: `SELECT ${DELIVERY_TOTAL} AS total_count`,
    values: [webhook.id],
    page,
    perPage,
  });
  return { current_page: page, data: rows.map((r) => serializeDelivery(modelOfRow<ListedDelivery>(r))), per_page: perPage, total };
}

/** "Resend": one more attempt of the same delivery id (same payload, same `webhook-id`). */
export async function resendDelivery(db: Db, webhook: Webhook, deliveryId: string) {
  if (!isUuid(deliveryId)) throw new AppError("NOT_FOUND", "Delivery not found.");
  if (!webhook.active) throw new AppError("RULE_VIOLATION", "Activate the webhook before resending deliveries.");
  return db.$transaction(async (tx) => {
    const updated = await tx.webhookDelivery.updateMany({
      where: { id: deliveryId, webhookId: webhook.id },
      data: { deliveredAt: null, nextAttemptAt: new Date(), lastError: null },
    });
    if (!updated.count) throw new AppError("NOT_FOUND", "Delivery not found.");
    await enqueueDeliveries(tx, [deliveryId]);
    return serializeDelivery(await tx.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } }));
  });
}

/** "Send test event": a `webhook.test` delivery to this endpoint only. */
export async function sendTestEvent(db: Db, webhook: Webhook) {
  if (!webhook.active) throw new AppError("RULE_VIOLATION", "Activate the webhook before sending a test event.");
  return db.$transaction(async (tx) => {
    const id = crypto.randomUUID();
    const payload = envelope(id, TEST_EVENT, new Date(), { teamId: webhook.teamId, externalReference: null, chatbotId: null }, {
      message: "A test event from the Agency Chatbot Platform dashboard.",
      webhook_id: webhook.id,
    });
    const delivery = await tx.webhookDelivery.create({
      data: { id, webhookId: webhook.id, event: TEST_EVENT, payload, nextAttemptAt: new Date() },
    });
    await enqueueDeliveries(tx, [id]);
    return serializeDelivery(delivery);
  });
}
