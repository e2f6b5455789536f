import { Prisma, type Chatbot, type Team } from "@/generated/prisma/client";
import type { Greeting } from "@/server/chatbots/greeting-rules";
import { agentCreationRefusal } from "@/server/workspaces";
import type { Db } from "@/server/kernel/db/client";
import {
  chatbotSettingsSchema,
  settingsFormValues,
  type ChatbotSettingsValues,
  type createChatbotInput,
  type chatbotSettingsPatch,
} from "@/server/chatbots/settings-rules";
import { AppError } from "@/server/kernel/errors";
import { parseOrThrow } from "@/server/kernel/lib/validate";
import { serializeChatbotSettings } from "@/server/chatbots/settings-serializer";
import type { z } from "zod";
import { newChatbotTexts } from "@/shared/i18n/chatbot-texts";

/** Settings values → columns. */
function columnsOf(v: ChatbotSettingsValues): Prisma.ChatbotUpdateInput {
  return {
    name: v.name,
    description: v.description,
    welcomeMessage: v.welcome_message,
    placeholder: v.placeholder,
    accentColor: v.accent_color,
    launcherIcon: v.launcher_icon,
    launcherText: v.launcher_text,
    headerIcon: v.header_icon,
    shareIcon: v.share_icon,
    fontSize: v.font_size,
    headerSize: v.header_size,
    height: v.height,
    sourcesLabel: v.sources_label,
    enableSources: v.enable_sources,
    hidePoweredBy: v.hide_powered_by,
    enableHideChatbot: v.enable_hide_chatbot,
    position: v.position,
    domain: v.domain,
    goalsPrompt: v.goals_prompt,
    systemPrompt: v.system_prompt,
    userPrompt: v.user_prompt,
    defaultAnswer: v.default_answer,
    defaultLanguage: v.default_language,
    historyCount: v.history_count,
    gptModel: v.gpt_model,
    temperature: v.temperature,
    topK: v.topK,
    enableEscalations: v.enable_escalations,
    enableEscalationsNotification: v.enable_escalations_notification,
    escalationsEmail: v.escalations_email,
    escalateMessageThreshold: v.escalate_message_threshold,
    enableAssistantFallback: v.enable_assistant_fallback,
    fallbackExcludedTopics: v.fallback_excluded_topics,
  };
}

/**
 * Applies a partial update. The merged settings are validated as a whole, so
 * rules spanning fields (an email once notifications are on) hold whichever
 * field the patch touches. The row is locked for the merge: two saves of
 * different fields cannot undo each other.
 */
export async function updateChatbotSettings(db: Db, chatbot: Chatbot, patch: z.output<typeof chatbotSettingsPatch>) {
  const chatbotId = chatbot.id;
  const updated = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM chatbots WHERE id = ${chatbotId}::uuid FOR UPDATE`;
    const current = await tx.chatbot.findUniqueOrThrow({ where: { id: chatbotId } });
    const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const merged = parseOrThrow(chatbotSettingsSchema, { ...settingsFormValues(serializeChatbotSettings(current)), ...defined });
    const data = columnsOf(merged);
    // A new domain has to be verified again.
    if (merged.domain !== current.domain) data.domainVerified = false;
    return tx.chatbot.update({ where: { id: chatbotId }, data });
  });
  return serializeChatbotSettings(updated);
}

/** The widget's proactive greeting (null: none). */
export async function setChatbotGreeting(db: Db, chatbotId: string, greeting: Greeting | null): Promise<void> {
  await db.chatbot.update({ where: { id: chatbotId }, data: { greeting: greeting ?? Prisma.DbNull } });
}

/**
 * A new chatbot in a team where the caller may edit chatbots (checked by
 * `teamEditProcedure`). A suspended
 * workspace and a reached `chatbot_limit` refuse it with 422 (as the
 * contract's agent creation does). Its texts start in its language (record 117).
 */
export async function createChatbot(db: Db, team: Team, userId: string, input: Pick<z.output<typeof createChatbotInput>, "name" | "default_language">): Promise<Chatbot> {
  return db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ status: string; chatbot_limit: number | null; kind: string; archived_at: Date | null }[]>`
      SELECT status::text AS status, chatbot_limit, kind::text AS kind, archived_at FROM teams WHERE id = ${team.id}::uuid FOR UPDATE`;
    const count = await tx.chatbot.count({ where: { teamId: team.id, deletedAt: null } });
    const refusal = locked ? agentCreationRefusal({ status: locked.status, chatbotLimit: locked.chatbot_limit, kind: locked.kind, archivedAt: locked.archived_at }, count) : null;
    if (refusal) throw new AppError("RULE_VIOLATION", refusal);
    return tx.chatbot.create({ data: { teamId: team.id, userId, name: input.name, type: "custom", ...newChatbotTexts(input.default_language) } });
  });
}
