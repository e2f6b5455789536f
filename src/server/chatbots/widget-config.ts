import type { Db } from "@/server/kernel/db/client";
import type { PublicChatbot } from "@/server/chatbots/public-chatbot";
import { leadFormOf, teamHoursAt } from "@/server/conversations";
import { storedAction } from "@/server/chatbots/suggested-message-rules";
import { greetingOf } from "@/server/chatbots/greeting-rules";
import type { WidgetConfig } from "@/shared/widget-wire";
import { textsInItsLanguage } from "@/shared/i18n/chatbot-texts";
import { messagesFor } from "@/shared/i18n/messages";

const oneOf = <T extends string>(allowed: readonly T[], value: string, fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);

/**
 * What the widget draws (`GET /api/widget/{id}/config`, and the panel page's data block): the chatbot's public
 * face, in the one shape the loader and the panel read (src/shared/widget-wire.ts, records 027 and 078) — in
 * its language: untouched default texts, the default lead form and the loader's words (record 117).
 */
export async function widgetConfig(db: Db, stored: PublicChatbot): Promise<WidgetConfig> {
  const chatbot = textsInItsLanguage(stored);
  const hours = teamHoursAt(chatbot, new Date());
  const suggestions = await db.suggestedMessage.findMany({
    where: { chatbotId: chatbot.id },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
    select: { id: true, type: true, name: true, prompt: true, action: true },
  });
  return {
    id: chatbot.id,
    name: chatbot.name,
    welcome_message: chatbot.welcomeMessage,
    placeholder: chatbot.placeholder,
    accent_color: chatbot.accentColor,
    launcher_icon: chatbot.launcherIcon,
    launcher_text: chatbot.launcherText,
    header_icon: chatbot.headerIcon,
    position: oneOf(["left", "right"], chatbot.position, "right"),
    font_size: oneOf(["sm", "md", "lg"], chatbot.fontSize, "md"),
    header_size: oneOf(["sm", "md", "lg"], chatbot.headerSize, "md"),
    height: chatbot.height,
    sources_label: chatbot.sourcesLabel,
    enable_sources: chatbot.enableSources,
    hide_powered_by: chatbot.hidePoweredBy,
    enable_hide_chatbot: chatbot.enableHideChatbot,
    lead_form: leadFormOf(chatbot.leadForm, chatbot.defaultLanguage),
    greeting: greetingOf(chatbot.greeting),
    language: chatbot.defaultLanguage,
    strings: messagesFor(chatbot.defaultLanguage).loader,
    // Only with business hours set: a chatbot without them says nothing about the team's hours.
    ...(hours ? { team_hours: hours } : {}),
    suggested_messages: suggestions.flatMap((s): WidgetConfig["suggested_messages"] => {
      const action = storedAction(s.action);
      const base = { id: s.id, name: s.name, prompt: s.prompt || s.name, url: null };
      switch (action?.type) {
        case "url":
          return [{ ...base, type: "link", prompt: "", url: action.url }];
        case "lead_form":
          return [{ ...base, type: "lead_form" }];
        case "handoff":
          return [{ ...base, type: "handoff" }];
        case "http":
          return [{ ...base, type: "http" }];
        default:
          return [{ ...base, type: "message" }];
      }
    }),
  };
}
