import { z } from "zod";
import type { Chatbot } from "@/generated/prisma/client";
import { isoMicro, isoMicroOrNull } from "@/server/kernel/lib/timestamps";
import { textsInItsLanguage } from "@/shared/i18n/chatbot-texts";

/** Flags travel as integers (0 or 1), as documented. */
export const flagSchema = z.literal([0, 1]);
const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

/** The contract's "Chatbot settings" object (`GET /v1/{chatbot_id}`), fields in the documented order. */
export const chatbotSettingsSchema = z
  .object({
    id: z.string(),
    user_id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    welcome_message: z.string(),
    placeholder: z.string(),
    accent_color: z.string(),
    launcher_icon: z.string().nullable(),
    launcher_text: z.string().nullable(),
    header_icon: z.string().nullable(),
    share_icon: z.string().nullable(),
    font_size: z.string(),
    header_size: z.string(),
    height: z.int(),
    sources_label: z.string(),
    enable_sources: flagSchema,
    hide_powered_by: flagSchema,
    enable_hide_chatbot: flagSchema,
    position: z.string(),
    domain: z.string().nullable(),
    domain_id: z.string(),
    domain_verified: flagSchema,
    goals_prompt: z.string(),
    system_prompt: z.string(),
    user_prompt: z.string().nullable(),
    default_answer: z.string(),
    default_language: z.string(),
    history_count: z.int(),
    gpt_model: z.string(),
    temperature: z.number(),
    topK: z.int(),
    enable_escalations: flagSchema,
    enable_escalations_notification: flagSchema,
    escalations_email: z.string(),
    escalate_message_threshold: z.int(),
    enable_assistant_fallback: flagSchema,
    fallback_excluded_topics: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    deleted_at: z.string().nullable(),
  })
  .meta({ id: "ChatbotSettings" });

export type ChatbotSettingsJson = z.infer<typeof chatbotSettingsSchema>;

/** The settings as documented; untouched default texts in the chatbot's language, as its visitors read them (record 117). */
export function serializeChatbotSettings(stored: Chatbot): ChatbotSettingsJson {
  const c = textsInItsLanguage(stored);
  return {
    id: c.id,
    user_id: c.userId,
    name: c.name,
    description: c.description,
    welcome_message: c.welcomeMessage,
    placeholder: c.placeholder,
    accent_color: c.accentColor,
    launcher_icon: c.launcherIcon,
    launcher_text: c.launcherText,
    header_icon: c.headerIcon,
    share_icon: c.shareIcon,
    font_size: c.fontSize,
    header_size: c.headerSize,
    height: c.height,
    sources_label: c.sourcesLabel,
    enable_sources: flag(c.enableSources),
    hide_powered_by: flag(c.hidePoweredBy),
    enable_hide_chatbot: flag(c.enableHideChatbot),
    position: c.position,
    domain: c.domain,
    domain_id: c.domainId,
    domain_verified: flag(c.domainVerified),
    goals_prompt: c.goalsPrompt,
    system_prompt: c.systemPrompt,
    user_prompt: c.userPrompt,
    default_answer: c.defaultAnswer,
    default_language: c.defaultLanguage,
    history_count: c.historyCount,
    gpt_model: c.gptModel,
    temperature: c.temperature,
    topK: c.topK,
    enable_escalations: flag(c.enableEscalations),
    enable_escalations_notification: flag(c.enableEscalationsNotification),
    escalations_email: c.escalationsEmail,
    escalate_message_threshold: c.escalateMessageThreshold,
    enable_assistant_fallback: flag(c.enableAssistantFallback),
    fallback_excluded_topics: c.fallbackExcludedTopics,
    created_at: isoMicro(c.createdAt),
    updated_at: isoMicro(c.updatedAt),
    deleted_at: isoMicroOrNull(c.deletedAt),
  };
}
