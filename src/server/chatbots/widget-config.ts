import { z } from "zod";
import type { Db } from "@/server/kernel/db/client";
import type { PublicChatbot } from "@/server/chatbots/public-chatbot";
import { leadFormOf, leadFormSchema } from "@/server/conversations";
import { storedAction } from "@/server/chatbots/suggested-message-rules";
import { greetingOf, greetingSchema } from "@/server/chatbots/greeting-rules";

/** What the widget draws, nothing more: no prompts, no model, no domain id (docs/decisions/027-widget-public-api.md). */
export const widgetConfigSchema = z.object({
  id: z.string(),
  name: z.string(),
  welcome_message: z.string(),
  placeholder: z.string(),
  accent_color: z.string(),
  launcher_icon: z.string().nullable(),
  launcher_text: z.string().nullable(),
  header_icon: z.string().nullable(),
  position: z.enum(["left", "right"]),
  font_size: z.enum(["sm", "md", "lg"]),
  header_size: z.enum(["sm", "md", "lg"]),
  height: z.number().int(),
  sources_label: z.string(),
  enable_sources: z.boolean(),
  hide_powered_by: z.boolean(),
  enable_hide_chatbot: z.boolean(),
  /**
   * `message` sends its prompt; `link` opens its url in a new tab (counted as a link click); `lead_form` opens the
   * lead form; `handoff` sends its prompt, then asks for a person; `http` sends its prompt with its `id` as the
   * turn's `suggestion_id`, and the answer is its HTTP action's response (docs/decisions/075-suggested-message-actions.md).
   */
  suggested_messages: z.array(z.object({ id: z.string(), type: z.enum(["message", "link", "lead_form", "handoff", "http"]), name: z.string(), prompt: z.string(), url: z.string().nullable() })),
  /** The lead form: its fields and when it shows (issue 23). */
  lead_form: leadFormSchema,
  /** The proactive greeting beside the launcher (issue 27), or null. */
  greeting: greetingSchema.nullable(),
});

export type WidgetConfig = z.infer<typeof widgetConfigSchema>;

const oneOf = <T extends string>(allowed: readonly T[], value: string, fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);

export async function widgetConfig(db: Db, chatbot: PublicChatbot): Promise<WidgetConfig> {
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
    lead_form: leadFormOf(chatbot.leadForm),
    greeting: greetingOf(chatbot.greeting),
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
