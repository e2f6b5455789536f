import { getDb } from "@/server/kernel/db/client";
import { readWidgetChatbot, type PublicChatbot } from "@/server/chatbots/public-chatbot";
import { widgetConfig, type WidgetConfig } from "@/server/chatbots/widget-config";
import { widgetServes } from "@/server/chatbots/widget-embedding";

/** Why a chatbot's panel cannot chat (the panel says it in the chatbot's voice: src/widget/panel/dead-ends.ts). */
export type PanelDeadEnd = "unknown" | "unavailable" | "paused" | "suspended" | "interrupted";

export type PanelState =
  | { open: true; config: WidgetConfig }
  | { open: false; reason: PanelDeadEnd; face: Pick<WidgetConfig, "name" | "accent_color" | "header_icon" | "font_size" | "header_size" | "hide_powered_by"> | null };

/** The reason, from the same facts `widgetServes` reads (a soft pause serves: its answers say the rest). */
export function deadEndOf(chatbot: Pick<PublicChatbot, "enabled" | "deletedAt" | "workspace"> | null): PanelDeadEnd | null {
  if (!chatbot || chatbot.deletedAt !== null) return "unknown";
  if (widgetServes(chatbot)) return null;
  if (!chatbot.enabled) return "unavailable";
  return chatbot.workspace.status === "suspended" ? "suspended" : "paused";
}

/**
 * What the widget's panel and the share page show (issue 27): the chat, or the honest dead end with the
 * chatbot's own name and colours (nothing at all of a deleted or unknown one).
 */
export async function panelState(chatbotId: string): Promise<PanelState> {
  const db = getDb();
  const chatbot = await readWidgetChatbot(db, chatbotId);
  const reason = deadEndOf(chatbot);
  if (reason === null) return { open: true, config: await widgetConfig(db, chatbot!) };
  if (reason === "unknown" || !chatbot) return { open: false, reason: "unknown", face: null };
  const config = await widgetConfig(db, chatbot);
  const { name, accent_color, header_icon, font_size, header_size, hide_powered_by } = config;
  return { open: false, reason, face: { name, accent_color, header_icon, font_size, header_size, hide_powered_by } };
}
