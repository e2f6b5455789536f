import type { Chatbot } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import { widgetServes } from "@/server/domain/widget-embedding";
import { AppError } from "@/server/errors";
import { isUuid } from "@/server/lib/ids";

/** The chatbot as the public widget sees it: only while it serves (DESIGN §10.4). */
export type PublicChatbot = Chatbot & { workspace: { id: string; status: "active" | "paused" | "suspended"; pauseMode: "hard" | "soft" | null } };

export const WIDGET_UNAVAILABLE = "This chatbot is not available.";

/**
 * The chatbot behind a public widget request, or 404 when it is unknown,
 * deleted, disabled, or its workspace is hard-paused or suspended — one
 * answer for all of them, so the widget simply draws nothing.
 */
export async function loadPublicChatbot(db: Db, chatbotId: string): Promise<PublicChatbot> {
  if (!isUuid(chatbotId)) throw new AppError("NOT_FOUND", WIDGET_UNAVAILABLE);
  const found = await db.chatbot.findUnique({
    where: { id: chatbotId },
    include: { team: { select: { id: true, status: true, pauseMode: true } } },
  });
  if (!found) throw new AppError("NOT_FOUND", WIDGET_UNAVAILABLE);
  const { team, ...chatbot } = found;
  const workspace = { id: team.id, status: team.status, pauseMode: team.pauseMode };
  if (!widgetServes({ enabled: chatbot.enabled, deletedAt: chatbot.deletedAt, workspace })) throw new AppError("NOT_FOUND", WIDGET_UNAVAILABLE);
  return { ...chatbot, workspace };
}
