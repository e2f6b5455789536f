import { z } from "zod";
import { canViewContacts, chatbotProcedure, clientProcedure, createTRPCRouter, type ChatbotRole } from "@/server/access";
import { actorOf } from "@/server/audit";
import { AppError, validationError } from "@/server/kernel/errors";
import { connectHubspot, disconnectHubspot, hubspotStatus, hubspotStatusOf, leadSyncs, setFieldMapping } from "./connection";
import { fieldMappingInput, hubspotTokenInput } from "./rules";
import { HUBSPOT } from "@/shared/integrations";

/**
 * HubSpot for the chatbot's workspace (dashboard; docs/decisions/077-hubspot-crm.md): its owners and admins
 * connect and map, whoever sees contacts sees each lead's sync.
 */
const mayManage = (role: ChatbotRole) => {
  if (role !== "owner" && role !== "admin") throw new AppError("FORBIDDEN", "Only the workspace's administrators may connect HubSpot.");
};

/**
 * The same connection over REST (docs/decisions/082-crm-rest-and-audit.md): per workspace, so under the contract's
 * workspace routes, `/v1/agency/clients/{client_id}/crm`, for the agency owner (the owner of every client
 * workspace). The token is verified with HubSpot on the way in and never returned.
 */
const crmTags = ["CRM"];
const workspaceCrmSchema = z
  .object({
    hubspot: z.object({
      enabled: z.boolean().meta({ description: `Whether leads sync: \`${HUBSPOT}\` is in the workspace's enabled_integrations` }),
      connected: z.boolean(),
      portal_id: z.string().nullable().meta({ description: "The HubSpot account (portal) the token belongs to" }),
      field_mapping: z.record(z.string(), z.string()).meta({ description: "Lead form field key → HubSpot contact property" }),
    }),
  })
  .meta({ id: "WorkspaceCrm" });
const workspaceCrmInput = z
  .object({
    token: hubspotTokenInput.shape.token.optional().meta({ description: "A HubSpot private-app token (scopes crm.objects.contacts.write); verified with HubSpot before it is stored sealed" }),
    field_mapping: fieldMappingInput.optional(),
  })
  .meta({ id: "WorkspaceCrmUpdate" });

export const crmRouter = createTRPCRouter({
  workspace: clientProcedure
    .meta({ rest: { method: "GET", path: "/v1/agency/clients/{client_id}/crm", summary: "The workspace's HubSpot connection (the token is never returned)", tags: crmTags } })
    .output(workspaceCrmSchema)
    .query(async ({ ctx }) => ({ hubspot: await hubspotStatusOf(ctx.db, ctx.client) })),

  setWorkspace: clientProcedure
    .meta({
      rest: {
        method: "PUT",
        path: "/v1/agency/clients/{client_id}/crm",
        summary: "Connect HubSpot (`token`, verified with HubSpot: 422 with its message when refused) and/or set the field mapping",
        idempotency: "optional",
        tags: crmTags,
      },
    })
    .input(workspaceCrmInput)
    .output(workspaceCrmSchema)
    .mutation(async ({ ctx, input }) => {
      if (input.token === undefined && input.field_mapping === undefined) throw validationError({ token: ["Send a token, a field_mapping or both."] });
      let hubspot = input.token === undefined ? null : await connectHubspot(ctx.db, ctx.client.id, input.token, actorOf(ctx));
      if (input.field_mapping !== undefined) hubspot = await setFieldMapping(ctx.db, ctx.client.id, input.field_mapping, actorOf(ctx));
      return { hubspot: hubspot! };
    }),

  deleteWorkspace: clientProcedure
    .meta({ rest: { method: "DELETE", path: "/v1/agency/clients/{client_id}/crm", summary: "Disconnect HubSpot: the token is forgotten, waiting syncs stop", status: 204, idempotency: "optional", tags: crmTags } })
    .output(z.null())
    .mutation(async ({ ctx }) => {
      await disconnectHubspot(ctx.db, ctx.client.id, actorOf(ctx));
      return null;
    }),

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
