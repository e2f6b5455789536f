import { z } from "zod";
import { chatbotEditProcedure, chatbotProcedure, createTRPCRouter } from "@/server/access";
import { actorOf, auditAgencyOf, recordChannelChange } from "@/server/audit";
import type { Db } from "@/server/kernel/db/client";
import { setHandoffChannel } from "./handoff";
import { channelOfConversation, channelOptions, channelsOfConversations, channelSchema, connectChannel, connectChannelInput, disconnectChannel, listChannels } from "./channels";
import { channelLabel } from "./kinds";

/** A channel connected or disconnected, in the workspace's and its agency's audit log (its credentials never). */
async function auditChannel(
  ctx: Parameters<typeof actorOf>[0] & { db: Db; chatbot: { id: string; name: string; teamId: string } },
  connected: boolean,
  channel: { id: string; kind: string; product: string; name: string | null },
) {
  const team = await ctx.db.team.findUniqueOrThrow({ where: { id: ctx.chatbot.teamId }, select: { id: true, agencyId: true, kind: true } });
  await recordChannelChange(ctx.db, {
    agencyId: auditAgencyOf(team),
    teamId: team.id,
    actor: actorOf(ctx),
    connected,
    chatbot: { id: ctx.chatbot.id, name: ctx.chatbot.name },
    channel: { id: channel.id, kind: channel.kind, name: channelLabel(channel) },
  });
}

/** A chatbot's messaging channels (docs/decisions/069-messaging-channels.md): the documented list, connect and disconnect, and the dashboard's Channels tab. */
export const channelsRouter = createTRPCRouter({
  list: chatbotProcedure
    .meta({ rest: { method: "GET", path: "/v1/{chatbot_id}/channels", summary: "The chatbot's messaging channels with their status", tags: ["Chatbot"] } })
    .output(z.array(channelSchema))
    .query(({ ctx }) => listChannels(ctx.db, ctx.chatbot.id)),

  /** The dashboard's connect forms (not in REST): each channel kind, built or coming soon, enabled for the workspace or not. */
  options: chatbotProcedure.query(({ ctx }) => channelOptions(ctx.db, ctx.chatbot.teamId)),

  /** The inbox: which channel a conversation came from (not in REST). */
  ofConversation: chatbotProcedure.input(z.object({ conversation_id: z.string() })).query(({ ctx, input }) => channelOfConversation(ctx.db, ctx.chatbot.id, input.conversation_id)),

  /** The inbox's list: the channels of a page of conversations, by conversation id (not in REST). */
  ofConversations: chatbotProcedure
    .input(z.object({ conversation_ids: z.array(z.string().max(64)).max(100) }))
    .query(({ ctx, input }) => channelsOfConversations(ctx.db, ctx.chatbot.id, input.conversation_ids)),

  create: chatbotEditProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/v1/{chatbot_id}/channels",
        status: 201,
        summary:
          "Connect a messaging channel: `kind` (an integration enabled for the workspace, else 422) and its `credentials` (Telegram: `bot_token`; Microsoft Teams: `app_id`, `app_password`, optional `tenant_id`); the provider is asked at once and the answer is the channel's `status`",
        tags: ["Chatbot"],
      },
    })
    .input(connectChannelInput)
    .output(channelSchema)
    .mutation(async ({ ctx, input }) => {
      return connectChannel(ctx.db, ctx.chatbot, input, (tx, channel) => auditChannel({ ...ctx, db: tx }, true, channel));
    }),

  update: chatbotEditProcedure
    .meta({
      rest: {
        method: "PATCH",
        path: "/v1/{chatbot_id}/channels/{channel_id}",
        summary:
          "Change a channel: `handoff_channel` (Slack: a Slack channel id like C0123456789; Microsoft Teams: a Teams channel's conversation id like 19:…@thread.tacv2; null: none; 422 for other kinds or a malformed id) is where conversations waiting for a person are posted; a person's reply in the post's thread goes to the visitor as an agent reply",
        tags: ["Chatbot"],
      },
    })
    .input(
      z.object({
        channel_id: z.string(),
        handoff_channel: z
          .string()
          .max(128)
          .nullable()
          .meta({ description: "Slack: a channel id (C0123456789); Microsoft Teams: a channel's conversation id (19:…@thread.tacv2); null clears it." }),
      }),
    )
    .output(channelSchema)
    .mutation(({ ctx, input }) => setHandoffChannel(ctx.db, ctx.chatbot.id, input.channel_id, input.handoff_channel)),

  delete: chatbotEditProcedure
    .meta({ rest: { method: "DELETE", path: "/v1/{chatbot_id}/channels/{channel_id}", status: 204, summary: "Disconnect a channel (its inbound events are no longer answered)", tags: ["Chatbot"] } })
    .input(z.object({ channel_id: z.string() }))
    .output(z.null())
    .mutation(async ({ ctx, input }) => {
      await disconnectChannel(ctx.db, ctx.chatbot.id, input.channel_id, (tx, channel) => auditChannel({ ...ctx, db: tx }, false, channel));
      return null;
    }),
});
