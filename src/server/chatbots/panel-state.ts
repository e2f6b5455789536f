import { getDb, type Db } from "@/server/kernel/db/client";
import { leadFormOf, type LeadForm } from "@/server/conversations";
import { AppError } from "@/server/kernel/errors";
import { readWidgetChatbot, WIDGET_UNAVAILABLE, type PublicChatbot } from "@/server/chatbots/public-chatbot";
import { widgetConfig } from "@/server/chatbots/widget-config";
import { widgetServes } from "@/server/chatbots/widget-embedding";
import type { PanelDeadEnd, PanelState, PanelWords } from "@/shared/widget-wire";
import { messagesFor } from "@/shared/i18n/messages";

/** The reason, from the same facts `widgetServes` reads (a soft pause serves: its answers say the rest). */
export function deadEndOf(chatbot: Pick<PublicChatbot, "enabled" | "deletedAt" | "workspace"> | null): PanelDeadEnd | null {
  if (!chatbot || chatbot.deletedAt !== null) return "unknown";
  if (widgetServes(chatbot)) return null;
  if (!chatbot.enabled) return "unavailable";
  return chatbot.workspace.status === "suspended" ? "suspended" : "paused";
}

/**
 * Whether a paused or suspended chatbot still takes leads (docs/decisions/078-a-light-visitor-panel.md):
 * when its lead form is set to show once the chatbot cannot answer (`on_no_credits`) — the visitor's
 * situation is the same as out of credits. A lead is data: no answer, no credit. Switched off, deleted or
 * unknown chatbots never take one.
 */
export function leadsWhenStopped(chatbot: PublicChatbot | null): LeadForm | null {
  const reason = deadEndOf(chatbot);
  if (!chatbot || (reason !== "paused" && reason !== "suspended")) return null;
  const form = leadFormOf(chatbot.leadForm, chatbot.defaultLanguage);
  return form.on_no_credits ? form : null;
}

/** The chatbot behind a widget lead: a serving one, or a stopped one that still takes leads; else 404 like every widget call. */
export async function loadLeadTakingChatbot(db: Db, chatbotId: string): Promise<PublicChatbot> {
  const chatbot = await readWidgetChatbot(db, chatbotId);
  if (chatbot && (deadEndOf(chatbot) === null || leadsWhenStopped(chatbot))) return chatbot;
  throw new AppError("NOT_FOUND", WIDGET_UNAVAILABLE);
}

/** The page's `<html lang>` and the panel's own words in `language` (record 117): the panel ships no catalogue. */
export function panelWords(language: string): PanelWords {
  return { language, strings: messagesFor(language).panel };
}

/**
 * What the widget's panel and the share page show (their data block, src/shared/widget-wire.ts): the chat, or
 * the honest dead end with the chatbot's own name and colours (nothing at all of a deleted or unknown one) —
 * in the chatbot's language (an unknown one's page speaks English).
 */
export async function panelState(chatbotId: string): Promise<PanelState & PanelWords> {
  const db = getDb();
  const chatbot = await readWidgetChatbot(db, chatbotId);
  const reason = deadEndOf(chatbot);
  if (reason === "unknown" || !chatbot) return { open: false, reason: "unknown", face: null, leads: null, ...panelWords("en") };
  const words = panelWords(chatbot.defaultLanguage);
  if (reason === null) return { open: true, config: await widgetConfig(db, chatbot), ...words };
  const config = await widgetConfig(db, chatbot);
  const { name, accent_color, header_icon, font_size, header_size, hide_powered_by } = config;
  const form = leadsWhenStopped(chatbot);
  return { open: false, reason, face: { name, accent_color, header_icon, font_size, header_size, hide_powered_by }, leads: form ? { chatbot_id: chatbot.id, lead_form: form } : null, ...words };
}
