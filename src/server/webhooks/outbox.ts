import type { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import type { Tx } from "@/server/kernel/db/client";

/**
 * Writes one event to the outbox in the caller's transaction (docs/decisions/014-webhooks-outbox-and-delivery.md); the
 * statement trigger on `outbox_events` queues the dispatcher. Events belong
 * to an agency: a team outside any agency has no webhooks and emits nothing.
 * (`client.credits_exhausted` is written by the same INSERT inside
 * `charge_answer` and the credits transactions.)
 */
export async function emitEvent(
  tx: Tx | Db,
  event: { agencyId: string | null; teamId: string; chatbotId: string | null; type: "lead.captured" | "escalation.created" | "client.subscription_updated" | "client.payment_failed" | "template.rollout_completed" | "conversation.rated"; data: Prisma.InputJsonValue },
): Promise<void> {
  if (!event.agencyId) return;
  await tx.outboxEvent.create({ data: { agencyId: event.agencyId, teamId: event.teamId, chatbotId: event.chatbotId, type: event.type, data: event.data } });
}
