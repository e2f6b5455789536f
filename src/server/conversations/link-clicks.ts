import type { Db } from "@/server/kernel/db/client";
import { AppError } from "@/server/kernel/errors";

/** What the widget sends: one of its wire shapes. */
export { widgetLinkClickSchema } from "@/shared/widget-wire";

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
