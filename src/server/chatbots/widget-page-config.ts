import { notFound } from "next/navigation";
import { getDb } from "@/server/kernel/db/client";
import { AppError } from "@/server/kernel/errors";
import { widgetConfig, type WidgetConfig } from "@/server/chatbots/widget-config";
import { loadPublicChatbot } from "@/server/chatbots/public-chatbot";

/** The config for the widget page and the share page: Next's 404 whenever the public API would answer 404. */
export async function pageWidgetConfig(chatbotId: string): Promise<WidgetConfig> {
  try {
    const db = getDb();
    return await widgetConfig(db, await loadPublicChatbot(db, chatbotId));
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
    throw error;
  }
}
