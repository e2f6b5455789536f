import { z } from "zod";
import type { Chatbot } from "@/generated/prisma/client";
import { isoMicro } from "@/server/kernel/lib/timestamps";

export const chatbotListItemSchema = z
  .object({
    id: z.string(),
    team_id: z.string(),
    name: z.string(),
    type: z.string(),
    header_icon: z.string().nullable(),
    launcher_icon: z.string().nullable(),
    open_count: z.number().int(),
    unread_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "ChatbotListItem" });

export type ChatbotListItemJson = z.infer<typeof chatbotListItemSchema>;

export function serializeChatbotListItem(
  chatbot: Pick<Chatbot, "id" | "teamId" | "name" | "type" | "headerIcon" | "launcherIcon" | "createdAt" | "updatedAt">,
  counts: { open: number; unread: number }): ChatbotListItemJson {
  return {
    id: chatbot.id,
    team_id: chatbot.teamId,
    name: chatbot.name,
    type: chatbot.type,
    header_icon: chatbot.headerIcon,
    launcher_icon: chatbot.launcherIcon,
    open_count: counts.open,
    unread_count: counts.unread,
    created_at: isoMicro(chatbot.createdAt),
    updated_at: isoMicro(chatbot.updatedAt),
  };
}
