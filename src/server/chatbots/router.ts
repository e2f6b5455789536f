import { z } from "zod";
import { authenticatedProcedure, chatbotEditProcedure, chatbotProcedure, createTRPCRouter, teamEditProcedure } from "@/server/access";
import { chatbotFinetunesRouter } from "@/server/chatbots/finetunes-router";
import { chatbotPromptsRouter } from "@/server/chatbots/prompts-router";
import { chatbotSourcesRouter } from "@/server/training";
import { listEditableTeams } from "@/server/access";
import { teamHostsChatbots } from "@/server/access";
import { chatbotSettingsPatch, createChatbotInput } from "@/server/chatbots/settings-rules";
import { CHATBOT_ROLES } from "@/server/access";
import { chatbotSettingsSchema, serializeChatbotSettings } from "@/server/chatbots/settings-serializer";
import { chatbotOverview } from "@/server/chatbots/chatbot-list";
import { createChatbot, setChatbotGreeting, updateChatbotSettings } from "@/server/chatbots/settings";
import { actorOf, auditedChange, recordChatbotChange } from "@/server/audit";
import { greetingOf, greetingSchema } from "@/server/chatbots/greeting-rules";
import { canEditChatbot } from "@/server/access";
import { chatbotPrivacySchema, privacyOf, setRedaction } from "@/server/chatbots/redaction";

const overviewSchema = z.object({
  chatbot: z.object({ id: z.string(), name: z.string(), type: z.string(), team_id: z.string(), team_name: z.string() }),
  role: z.enum(CHATBOT_ROLES),
  can_edit: z.boolean(),
  can_view_contacts: z.boolean(),
  /** Whether anyone has talked to it yet: it opens on its Inbox, else on its Playground. */
  has_conversations: z.boolean(),
});

/** Chatbot read API (`/v1/{chatbot_id}`, prompts, sources, finetunes) and dashboard management. */
export const chatbotsRouter = createTRPCRouter({
  get: chatbotProcedure
    .meta({ rest: { method: "GET", path: "/v1/{chatbot_id}", summary: "The chatbot's settings", tags: ["Chatbot"] } })
    .output(chatbotSettingsSchema)
    .query(({ ctx }) => serializeChatbotSettings(ctx.chatbot)),

  /** The dashboard's header: name, type, team and what the caller may do. */
  overview: chatbotProcedure.output(overviewSchema).query(({ ctx }) => chatbotOverview(ctx.db, ctx.chatbot, ctx.role)),

  /** Teams where the caller may create chatbots: never a personal team (no plan, no credits). */
  editableTeams: authenticatedProcedure
    .output(z.array(z.object({ id: z.string(), name: z.string(), kind: z.string(), role: z.enum(CHATBOT_ROLES) })))
    .query(async ({ ctx }) => (await listEditableTeams(ctx.db, ctx.user.id)).filter((team) => teamHostsChatbots(team.kind))),

  create: teamEditProcedure
    .input(createChatbotInput)
    .output(chatbotSettingsSchema)
    .mutation(async ({ ctx, input }) =>
      serializeChatbotSettings(
        await auditedChange(ctx.db, async (db) => {
          const chatbot = await createChatbot(db, ctx.team, ctx.user.id, input);
          await recordChatbotChange(db, { actor: actorOf(ctx), team: ctx.team, chatbot, created: true });
          return chatbot;
        }),
      ),
    ),

  /** A partial settings update; only the fields sent change. */
  update: chatbotEditProcedure
    .input(chatbotSettingsPatch)
    .output(chatbotSettingsSchema)
    .mutation(({ ctx, input: { chatbot_id: _chatbotId, ...settings } }) => updateChatbotSettings(ctx.db, ctx.chatbot, settings)),

  /** The widget's proactive greeting (docs/decisions/079-proactive-greeting.md), null when off; `can_edit` for the roles that change settings. */
  greeting: chatbotProcedure.query(({ ctx }) => ({ greeting: greetingOf(ctx.chatbot.greeting), can_edit: canEditChatbot(ctx.role) })),

  setGreeting: chatbotEditProcedure.input(z.object({ greeting: greetingSchema.nullable() })).mutation(async ({ ctx, input }) => {
    await setChatbotGreeting(ctx.db, ctx.chatbot.id, input.greeting);
    return { greeting: input.greeting };
  }),

  privacy: chatbotProcedure
    .meta({ rest: { method: "GET", path: "/v1/{chatbot_id}/privacy", summary: "Whether visitors' personal data is masked in their messages", tags: ["Chatbot"] } })
    .output(chatbotPrivacySchema)
    .query(({ ctx }) => privacyOf(ctx.chatbot)),

  updatePrivacy: chatbotEditProcedure
    .meta({
      rest: {
        method: "PATCH",
        path: "/v1/{chatbot_id}/privacy",
        summary: "Turn the masking of visitors' e-mail addresses, phone, card and IBAN numbers on or off (from the next message on). Roles owner, admin, editor",
        tags: ["Chatbot"],
      },
    })
    .input(chatbotPrivacySchema)
    .output(chatbotPrivacySchema)
    .mutation(({ ctx, input }) => setRedaction(ctx.db, ctx.chatbot, input.redact_pii, actorOf(ctx))),

  prompts: chatbotPromptsRouter,
  sources: chatbotSourcesRouter,
  finetunes: chatbotFinetunesRouter,
});
