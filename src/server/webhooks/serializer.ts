import { z } from "zod";
import type { Webhook, WebhookDelivery } from "@/generated/prisma/client";
import { isoMicro, isoMicroOrNull } from "@/server/kernel/lib/timestamps";

export const webhookSchema = z
  .object({
    id: z.string(),
    team_id: z.string(),
    url: z.string(),
    events: z.array(z.string()).nullable(),
    active: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Webhook" });

export function serializeWebhook(w: Webhook): z.infer<typeof webhookSchema> {
  return {
    id: w.id,
    team_id: w.teamId,
    url: w.url,
    events: (w.events as string[] | null) ?? null,
    active: w.active,
    created_at: isoMicro(w.createdAt),
    updated_at: isoMicro(w.updatedAt),
  };
}

export const webhookDeliverySchema = z
  .object({
    id: z.string(),
    agency_webhook_id: z.string(),
    event: z.string(),
    payload: z.record(z.string(), z.unknown()),
    response_status: z.number().int().nullable(),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    delivered_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "WebhookDelivery" });

/** The columns the WebhookDelivery resource is made of. */
export type ListedDelivery = Pick<
  WebhookDelivery,
  "id" | "webhookId" | "event" | "payload" | "responseStatus" | "attempts" | "lastError" | "deliveredAt" | "createdAt" | "updatedAt"
>;

export function serializeDelivery(d: ListedDelivery): z.infer<typeof webhookDeliverySchema> {
  return {
    id: d.id,
    agency_webhook_id: d.webhookId,
    event: d.event,
    payload: d.payload as Record<string, unknown>,
    response_status: d.responseStatus,
    attempts: d.attempts,
    last_error: d.lastError,
    delivered_at: isoMicroOrNull(d.deliveredAt),
    created_at: isoMicro(d.createdAt),
    updated_at: isoMicro(d.updatedAt),
  };
}
