import { z } from "zod";
import { authenticatedProcedure, createTRPCRouter } from "@/server/api/trpc";
import { chatbotFinetunesRouter } from "@/server/api/routers/chatbot-finetunes";
import { chatbotIdParam } from "@/server/api/routers/chatbot-params";
import { chatbotPromptsRouter } from "@/server/api/routers/chatbot-prompts";
import { chatbotSourcesRouter } from "@/server/api/routers/chatbot-sources";
import { teamHostsChatbots } from "@/server/domain/agent-creation";
import { chatbotSettingsPatch, createChatbotInput } from "@/server/domain/chatbot-settings";
import { CHATBOT_ROLES, canEditChatbot, canViewContacts } from "@/server/domain/permissions";
import { chatbotSettingsSchema, serializeChatbotSettings } from "@/server/serializers/chatbot-settings";
import { chatbotForReading, listEditableTeams } from "@/server/services/chatbot-access";
import { createChatbot, updateChatbotSettings } from "@/server/services/chatbot-settings";

const overviewSchema = z.object({
  chatbot: z.object({ id: z.string(), name: z.string(), type: z.string(), team_id: z.string(), team_name: z.string() }),
  role: z.enum(CHATBOT_ROLES),
  can_edit: z.boolean(),
  can_view_contacts: z.boolean(),
});

/** Chatbot read API (`/v1/{chatbot_id}`, prompts, sources, finetunes) and dashboard management. */
export const chatbotsRouter = createTRPCRouter({
  get: authenticatedProcedure
    .meta({ rest: { method: "GET", path: "/v1/{chatbot_id}", summary: "The chatbot's settings", tags: ["Chatbot"] } })
    .input(chatbotIdParam)
    .output(chatbotSettingsSchema)
    .query(async ({ ctx, input }) => serializeChatbotSettings((await chatbotForReading(ctx.db, ctx.user.id, input.chatbot_id)).chatbot)),

  /** The dashboard's header: name, type, team and what the caller may do. */
  overview: authenticatedProcedure
    .input(chatbotIdParam)
    .output(overviewSchema)
    .query(async ({ ctx, input }) => {
      const { chatbot, role } = await chatbotForReading(ctx.db, ctx.user.id, input.chatbot_id);
      const team = await ctx.db.team.findUniqueOrThrow({ where: { id: chatbot.teamId }, select: { name: true } });
      return {
        chatbot: { id: chatbot.id, name: chatbot.name, type: chatbot.type, team_id: chatbot.teamId, team_name: team.name },
        role,
        can_edit: canEditChatbot(role),
        can_view_contacts: canViewContacts(role),
      };
    }),

  /** Teams where the caller may create chatbots: never a personal team (no plan, no credits). */
  editableTeams: authenticatedProcedure
    .output(z.array(z.object({ id: z.string(), name: z.string(), kind: z.string(), role: z.enum(CHATBOT_ROLES) })))
    .query(async ({ ctx }) => (await listEditableTeams(ctx.db, ctx.user.id)).filter((team) => teamHostsChatbots(team.kind))),

  create: authenticatedProcedure
    .input(createChatbotInput)
    .output(chatbotSettingsSchema)
    .mutation(async ({ ctx, input }) => serializeChatbotSettings(await createChatbot(ctx.db, ctx.user.id, input))),

  /** A partial settings update; only the fields sent change. */
  update: authenticatedProcedure
    .input(chatbotIdParam.extend(chatbotSettingsPatch.shape))
    .output(chatbotSettingsSchema)
    .mutation(({ ctx, input: { chatbot_id, ...settings } }) => updateChatbotSettings(ctx.db, ctx.user.id, chatbot_id, settings)),

  prompts: chatbotPromptsRouter,
  sources: chatbotSourcesRouter,
  finetunes: chatbotFinetunesRouter,
});
