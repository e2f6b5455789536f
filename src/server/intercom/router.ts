import { z } from "zod";
import { chatbotProcedure, clientProcedure, createTRPCRouter, type ChatbotRole } from "@/server/access";
import { actorOf } from "@/server/audit";
import { AppError } from "@/server/kernel/errors";
import { connectIntercom, disconnectIntercom, intercomStatus, intercomStatusOf } from "./connection";
import { intercomConnectInput } from "./rules";
import { INTERCOM } from "@/shared/integrations";

/**
 * Intercom for a workspace (docs/decisions/119-intercom-as-the-human-side.md): over REST under the
 * contract's workspace routes, `/v1/agency/clients/{client_id}/intercom`, for the agency owner (as HubSpot,
 * docs/decisions/082-crm-rest-and-audit.md); in the dashboard from a chatbot's settings, for the
 * workspace's owners and admins. The secrets are verified on the way in and never returned.
 */
const tags = ["Intercom"];
const intercomSchema = z
  .object({
    enabled: z.boolean().meta({ description: `Whether conversations are handed over: \`${INTERCOM}\` is in the workspace's enabled_integrations` }),
    connected: z.boolean(),
    app_id: z.string().nullable().meta({ description: "The Intercom workspace (app id) the token belongs to" }),
    app_name: z.string().nullable(),
    webhook_url: z.string().meta({ description: "Where the Intercom app's webhooks go (topics conversation.admin.replied and conversation.admin.closed), signed with its client secret" }),
  })
  .meta({ id: "WorkspaceIntercom" });
const connectSchema = intercomConnectInput
  .extend({
    access_token: intercomConnectInput.shape.access_token.meta({ description: "The Intercom app's access token; verified with Intercom (GET /me) before it is stored sealed" }),
    client_secret: intercomConnectInput.shape.client_secret.meta({ description: "The Intercom app's client secret: its webhooks' X-Hub-Signature is checked with it" }),
  })
  .meta({ id: "WorkspaceIntercomConnect" });

const mayManage = (role: ChatbotRole) => {
  if (role !== "owner" && role !== "admin") throw new AppError("FORBIDDEN", "Only the workspace's administrators may connect Intercom.");
};

export const intercomRouter = createTRPCRouter({
  workspace: clientProcedure
    .meta({ rest: { method: "GET", path: "/v1/agency/clients/{client_id}/intercom", summary: "The workspace's Intercom connection (the secrets are never returned)", tags } })
    .output(intercomSchema)
    .query(({ ctx }) => intercomStatusOf(ctx.db, ctx.client)),

  connectWorkspace: clientProcedure
    .meta({
      rest: {
        method: "PUT",
        path: "/v1/agency/clients/{client_id}/intercom",
        summary: "Connect Intercom: conversations that start waiting for a person are handed to it (the token is verified with Intercom: 422 with its message when refused)",
        idempotency: "optional",
        tags,
      },
    })
    .input(connectSchema)
    .output(intercomSchema)
    .mutation(({ ctx, input }) => connectIntercom(ctx.db, ctx.client.id, input, actorOf(ctx))),

  disconnectWorkspace: clientProcedure
    .meta({ rest: { method: "DELETE", path: "/v1/agency/clients/{client_id}/intercom", summary: "Disconnect Intercom: the secrets are forgotten, nothing more is handed over", status: 204, idempotency: "optional", tags } })
    .output(z.null())
    .mutation(async ({ ctx }) => {
      await disconnectIntercom(ctx.db, ctx.client.id, actorOf(ctx));
      return null;
    }),

  status: chatbotProcedure.query(async ({ ctx }) => ({ ...(await intercomStatus(ctx.db, ctx.chatbot.teamId)), can_manage: ctx.role === "owner" || ctx.role === "admin" })),

  connect: chatbotProcedure.input(intercomConnectInput).mutation(({ ctx, input }) => {
    mayManage(ctx.role);
    return connectIntercom(ctx.db, ctx.chatbot.teamId, input, actorOf(ctx));
  }),

  disconnect: chatbotProcedure.mutation(({ ctx }) => {
    mayManage(ctx.role);
    return disconnectIntercom(ctx.db, ctx.chatbot.teamId, actorOf(ctx));
  }),
});
