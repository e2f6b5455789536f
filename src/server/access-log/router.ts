import { z } from "zod";
import { clientAdminProcedure, clientProcedure, createTRPCRouter, teamAdminProcedure } from "@/server/access";
import { actorOf, auditEntrySchema } from "@/server/audit";
import { queryInteger } from "@/server/kernel/lib/query-params";
import { listAgencyAccessLog } from "@/server/access-log/access-log";
import { accessRequestSchema, agencyAccessSchema, agencyAccessState, decideAgencyAccess, requestAgencyAccess, setAgencyAccess } from "@/server/access-log/requests";

const tags = ["Agency clients"];
const stateSchema = z.object({ agency_access: agencyAccessSchema, requests: z.array(accessRequestSchema) });
const actorWithUser = (ctx: Parameters<typeof actorOf>[0]) => ({ ...actorOf(ctx), userId: ctx.user.id });

/**
 * The agency's access to a client workspace, seen from both sides (docs/decisions/125-redaction-and-the-agencys-visits.md):
 * the client's admin reads the Access log and decides; the agency's owner asks (REST and dashboard).
 */
export const accessLogRouter = createTRPCRouter({
  /** The client's Access log page: the agency owner's visits and changes in the workspace, newest first. */
  log: teamAdminProcedure
    .input(z.object({ page: queryInteger({ min: 1 }).default(1), per_page: queryInteger({ min: 1, max: 100 }).default(25) }))
    .output(z.object({ current_page: z.number().int(), data: z.array(auditEntrySchema), per_page: z.number().int(), total: z.number().int() }))
    .query(({ ctx, input }) => listAgencyAccessLog(ctx.db, ctx.team, input)),

  /** The setting and the requests; `can_decide` for the workspace's own admins (never the agency's owner). */
  state: teamAdminProcedure.query(async ({ ctx }) => ({
    ...(await agencyAccessState(ctx.db, ctx.team)),
    is_client: ctx.team.kind === "client",
    can_decide: ctx.team.kind === "client" && !ctx.agencyOwner,
  })),

  setMode: clientAdminProcedure
    .input(z.object({ agency_access: agencyAccessSchema }))
    .output(stateSchema)
    .mutation(({ ctx, input }) => setAgencyAccess(ctx.db, ctx.team, input.agency_access, actorOf(ctx))),

  decide: clientAdminProcedure
    .input(z.object({ request_id: z.string(), approve: z.boolean() }))
    .output(accessRequestSchema)
    .mutation(({ ctx, input }) => decideAgencyAccess(ctx.db, ctx.team, input.request_id, input.approve, actorWithUser(ctx))),

  agencyRequests: clientProcedure
    .meta({ rest: { method: "GET", path: "/v1/agency/clients/{client_id}/access-requests", summary: "Whether the workspace asks first, and its agency's access requests, newest first", tags } })
    .output(stateSchema)
    .query(({ ctx }) => agencyAccessState(ctx.db, ctx.client)),

  request: clientProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/v1/agency/clients/{client_id}/access-requests",
        summary: "Ask the workspace's admin to let the agency read its conversations (a workspace with agency_access ask_first); the pending or granted request if there is one; 422 when the workspace does not ask first",
        status: 201,
        idempotency: "optional",
        tags,
      },
    })
    .output(z.object({ request: accessRequestSchema }))
    .mutation(async ({ ctx }) => ({ request: await requestAgencyAccess(ctx.db, ctx.client, actorWithUser(ctx)) })),
});
