import { z } from "zod";
import type { Db } from "@/server/kernel/db/client";
import { AppError } from "@/server/kernel/errors";
import { isUuid } from "@/server/kernel/lib/ids";

export const widgetLinkClickSchema = z.object({
  message_id: z.string().refine(isUuid, "The {field} field must be a valid id.").optional(),
  url: z.url({ protocol: /^https?$/, message: "The {field} field must be an http:// or https:// URL." }).max(2048),
  visitor_token: z.string().max(200).optional(),
});

/**
 * One click on a link shown by the widget (an answer's source or link, a
 * link suggestion), counted by analytics through `chatbot_links` /
 * `link_clicks` (docs/analytics.md: unique per link and conversation, else
 * visitor). The link row is created on its first click.
 */
export async function recordWidgetLinkClick(db: Db, chatbotId: string, input: { message_id?: string; url: string; visitorId: string | null }) {
  let conversationId: string | null = null;
  let visitorId = input.visitorId;
  if (input.message_id) {
    const message = await db.message.findFirst({ where: { id: input.message_id, chatbotId }, select: { conversation: { select: { id: true, visitorId: true } } } });
    if (!message) throw new AppError("NOT_FOUND", "Message not found.");
    conversationId = message.conversation.id;
    visitorId ??= message.conversation.visitorId;
  }
  const link = await db.chatbotLink.upsert({
    where: { chatbotId_url: { chatbotId, url: input.url } },
    create: { chatbotId, url: input.url },
    update: {},
    select: { id: true },
  });
  const click = await db.linkClick.create({ data: { chatbotId, linkId: link.id, conversationId, visitorId }, select: { id: true } });
  return { id: click.id, url: input.url };
}
