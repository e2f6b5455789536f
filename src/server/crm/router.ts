import { z } from "zod";
import { canViewContacts, chatbotProcedure, createTRPCRouter, type ChatbotRole } from "@/server/access";
import { actorOf } from "@/server/audit";
import { AppError } from "@/server/kernel/errors";
import { connectHubspot, disconnectHubspot, hubspotStatus, leadSyncs, setFieldMapping } from "./connection";
import { fieldMappingInput, hubspotTokenInput } from "./rules";

/**
 * HubSpot for the chatbot's workspace (dashboard; docs/decisions/077-hubspot-crm.md): its owners and admins
 * connect and map, whoever sees contacts sees each lead's sync.
 */
const mayManage = (role: ChatbotRole) => {
  if (role !== "owner" && role !== "admin") throw new AppError("FORBIDDEN", "Only the workspace's administrators may connect HubSpot.");
};

export const crmRouter = createTRPCRouter({
  hubspot: chatbotProcedure.query(async ({ ctx }) => ({ ...(await hubspotStatus(ctx.db, ctx.chatbot.teamId)), can_manage: ctx.role === "owner" || ctx.role === "admin" })),

  connectHubspot: chatbotProcedure.input(hubspotTokenInput).mutation(({ ctx, input }) => {
    mayManage(ctx.role);
    return connectHubspot(ctx.db, ctx.chatbot.teamId, input.token, actorOf(ctx));
  }),

  disconnectHubspot: chatbotProcedure.mutation(({ ctx }) => {
    mayManage(ctx.role);
    return disconnectHubspot(ctx.db, ctx.chatbot.teamId, actorOf(ctx));
  }),

  setHubspotMapping: chatbotProcedure.input(z.object({ field_mapping: fieldMappingInput })).mutation(({ ctx, input }) => {
    mayManage(ctx.role);
    return setFieldMapping(ctx.db, ctx.chatbot.teamId, input.field_mapping, actorOf(ctx));
  }),

  leadSyncs: chatbotProcedure.input(z.object({ contact_ids: z.array(z.string().uuid()).max(100) })).query(({ ctx, input }) => {
    if (!canViewContacts(ctx.role)) throw new AppError("FORBIDDEN", "Your role may not view this chatbot's contacts.");
    return leadSyncs(ctx.db, ctx.chatbot.teamId, input.contact_ids);
  }),
});
