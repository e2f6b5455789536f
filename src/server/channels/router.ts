import { z } from "zod";
import { chatbotEditProcedure, chatbotProcedure, createTRPCRouter } from "@/server/access";
import { channelOfConversation, channelOptions, channelSchema, connectChannel, connectChannelInput, disconnectChannel, listChannels } from "./channels";

/** A chatbot's messaging channels (issue 24): the documented list, connect and disconnect, and the dashboard's Channels tab. */
export const channelsRouter = createTRPCRouter({
  list: chatbotProcedure
    .meta({ rest: { method: "GET", path: "/v1/{chatbot_id}/channels", summary: "The chatbot's messaging channels with their status", tags: ["Chatbot"] } })
    .output(z.array(channelSchema))
    .query(({ ctx }) => listChannels(ctx.db, ctx.chatbot.id)),

  /** The dashboard's connect forms (not in REST): each channel kind, built or coming soon, enabled for the workspace or not. */
  options: chatbotProcedure.query(({ ctx }) => channelOptions(ctx.db, ctx.chatbot.teamId)),

  /** The inbox: which channel a conversation came from (not in REST). */
  ofConversation: chatbotProcedure.input(z.object({ conversation_id: z.string() })).query(({ ctx, input }) => channelOfConversation(ctx.db, ctx.chatbot.id, input.conversation_id)),

  create: chatbotEditProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/v1/{chatbot_id}/channels",
        status: 201,
        summary:
          "Connect a messaging channel: `kind` (an integration enabled for the workspace, else 422) and its `credentials` (Telegram: `bot_token`); the provider is asked at once and the answer is the channel's `status`",
        tags: ["Chatbot"],
      },
    })
    .input(connectChannelInput)
    .output(channelSchema)
    .mutation(({ ctx, input }) => connectChannel(ctx.db, ctx.chatbot, input)),

  delete: chatbotEditProcedure
    .meta({ rest: { method: "DELETE", path: "/v1/{chatbot_id}/channels/{channel_id}", status: 204, summary: "Disconnect a channel (its inbound events are no longer answered)", tags: ["Chatbot"] } })
    .input(z.object({ channel_id: z.string() }))
    .output(z.null())
    .mutation(async ({ ctx, input }) => {
      await disconnectChannel(ctx.db, ctx.chatbot.id, input.channel_id);
      return null;
    }),
});
