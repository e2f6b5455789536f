import { z } from "zod";
import { readDb } from "@/server/kernel/db/replicas";
import { queryInteger } from "@/server/kernel/lib/query-params";
import { agencyOwnerProcedure, clientProcedure, createTRPCRouter } from "@/server/access";
import { accentColorField } from "@/shared/accent-color";
import { languageCodeField } from "@/shared/i18n/language-field";
import { INTEGRATIONS, INTEGRATIONS_DESCRIPTION } from "@/server/workspaces/integrations";
import { agentSummarySchema, invitationSchema, sentInvitationSchema } from "@/server/workspaces/agent-summary-serializer";
import { deliverInvitation, renewInvitation, revokeInvitation } from "@/server/accounts";
import { actorOf, auditedChange, recordAudit, recordChatbotChange } from "@/server/audit";
import { auditClient, auditClientUpdate, clientSettings } from "@/server/workspaces/client-audit";
import type { Context } from "@/server/access";
import type { Team } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { validationError } from "@/server/kernel/errors";
import { blueprintFields, blueprintRequest, type AgentBlueprints } from "@/server/workspaces/agent-blueprint";
import { clientSchema, clientStatusSchema, clientTopupSchema, statusVariant, topupVariant } from "@/server/workspaces/client-serializer";
import { agencyOverview, clientInvitations, creditLedger } from "@/server/workspaces/agency-overview";
import { SOURCE_LIMIT_DESCRIPTION } from "@/shared/source-limit";
import {
  changeStatus,
  createAgent,
  createClient,
  getClient,
  openClientInvitation,
  listAgents,
  present,
  listClients,
  topUpClient,
  updateClient,
} from "@/server/workspaces/clients";

/** Agency endpoints for client workspaces (contract "Agency endpoints", docs/decisions/013-agency-api-open-points.md). Agency owners only: 403 otherwise. */
const tags = ["Agency clients"];
const limit = z.number().int().min(0).max(2_147_483_647).nullable().optional();

const clientFields = {
  external_reference: z.string().trim().min(1).max(255).nullable().optional(),
  message_limit: limit,
  source_limit: limit.meta({ description: SOURCE_LIMIT_DESCRIPTION }),
  chatbot_limit: limit,
  response_token_limit: z.number().int().min(50).max(10_000).nullable().optional(),
  byok_enabled: z.boolean().optional(),
  enabled_integrations: z.array(z.enum(INTEGRATIONS)).nullable().optional().meta({ description: `${INTEGRATIONS_DESCRIPTION} Omit or null: everything the agency plan includes; [] none.` }),
};

/** Data retention (docs/decisions/124-retention-and-a-persons-data.md): whole days; the agency's maximum is checked by updateClient. */
const retentionInput = z.number().int().min(1).nullable().optional().meta({ description: "Days conversations, visitors and contacts are kept; null: the agency's default. At least 1, at most the agency's maximum." });

const agentInput = z.object({
  name: z.string().trim().min(1).max(255),
  website_url: z.url({ protocol: /^https?$/, error: "The {field} field must be a valid http(s) URL." }).max(2048).nullable().optional(),
  accent_color: accentColorField.nullable().optional(),
  /** The agent's language (record 117): its default texts, the widget's own words and the answers' fallback language. */
  default_language: languageCodeField.optional(),
  /** Redaction (record 125): visitors' e-mail addresses, phone, card and IBAN numbers masked in their messages. */
  redact_pii: z.boolean().optional().meta({ description: "Mask visitors' e-mail addresses, phone, card and IBAN numbers in their messages (see `PATCH /v1/{chatbot_id}/privacy`); default false" }),
});

const createClientInput = z.object({
  name: z.string().trim().min(1).max(255),
  ...clientFields,
  chatbot: agentInput.optional().meta({ description: "The first agent; with `template_id` and without it, one named after the client" }),
  ...blueprintFields,
  invite_email: z.email().max(255).optional(),
  invite_role: z.enum(["admin", "editor", "member"]).optional(),
});

/** Auto top-up (docs/decisions/060-auto-top-up.md): null turns it off. */
const autoTopupInput = z
  .object({
    threshold: z.number().int().min(0).max(1_000_000_000),
    amount: z.number().int().min(1).max(1_000_000),
    monthly_cap: z.number().int().min(1).max(1_000_000_000),
  })
  .refine((v) => v.monthly_cap >= v.amount, { path: ["monthly_cap"], message: "The monthly cap must be at least the amount of one top-up." })
  .nullable()
  .optional();

const listClientsInput = z.object({
  external_reference: z.string().max(255).optional(),
  status: z.enum(["active", "paused", "suspended"]).optional(),
  page: queryInteger({ min: 1 }).default(1),
  per_page: queryInteger({ min: 1, max: 100 }).default(25),
});

const clientEnvelope = z.object({ client: clientSchema });

type Caller = Pick<Context, "db" | "via" | "tokenId"> & { user: NonNullable<Context["user"]> };

/** Pause, suspend or resume, recorded in the audit log when the status changed. */
async function statusChange(ctx: Caller & { agency: Parameters<typeof changeStatus>[1]; client: Team }, action: Parameters<typeof changeStatus>[3], name: "client.paused" | "client.suspended" | "client.resumed") {
  return auditedChange(ctx.db, async (db) => {
    const client = statusVariant(await changeStatus(db, ctx.agency, ctx.client, action));
    const before = { status: ctx.client.status, pause_mode: ctx.client.pauseMode };
    const after = { status: client.status, pause_mode: client.pause_mode };
    if (JSON.stringify(before) !== JSON.stringify(after)) await auditClient({ db, actor: actorOf(ctx), client: ctx.client }, name, before, after);
    return client;
  });
}

function auditInvitation(db: Db, ctx: Caller, team: Team, action: "invitation.created" | "invitation.resent" | "invitation.revoked", after: Record<string, unknown>, id: string | null = null) {
  return recordAudit(db, {
    agencyId: team.agencyId,
    teamId: team.id,
    actor: actorOf(ctx),
    action,
    target: { type: "invitation", id, name: String(after.email) },
    after,
  });
}

const needsTemplate = (field: string): never => {
  throw validationError({ [field]: [`The ${field} field is only used with template_id.`] });
};

/** The agency's client procedures, with how an agent is made from a blueprint (`template_id`: templates, given by the transport). */
export const agencyClientsRouterWith = (blueprints: AgentBlueprints) => createTRPCRouter({
  create: agencyOwnerProcedure
    .meta({ rest: { method: "POST", path: "/v1/agency/clients", summary: "Create a client workspace", status: 201, idempotency: "required", tags } })
    .input(createClientInput)
    .output(z.object({ client: clientSchema, chatbot: agentSummarySchema.optional(), invitation: invitationSchema.optional() }))
    .mutation(async ({ ctx, input }) => {
      const blueprint = blueprintRequest(input, needsTemplate);
      const { created, invitationId } = await auditedChange(ctx.db, async (db) => {
        const made = await createClient(db, ctx.agency, ctx.user.id, { ...input, chatbot: input.chatbot ?? (blueprint ? { name: input.name } : undefined) });
        const team = await db.team.findUniqueOrThrow({ where: { id: made.created.client.id } });
        if (blueprint && made.created.chatbot) {
          const { accent_color } = await blueprints.seed(db, { agency: ctx.agency, client: team, chatbotId: made.created.chatbot.id, request: blueprint, accentColor: input.chatbot?.accent_color ?? null });
          // The template's sources count in the new workspace's usage.
          made.created = { ...made.created, client: await present(db, ctx.agency, team), chatbot: { ...made.created.chatbot, accent_color } };
        }
        await auditClient({ db, actor: actorOf(ctx), client: team }, "client.created", null, clientSettings(team));
        if (made.created.chatbot) await recordChatbotChange(db, { actor: actorOf(ctx), team, chatbot: made.created.chatbot, created: true });
        const invitation = made.created.invitation;
        if (invitation) await auditInvitation(db, ctx, team, "invitation.created", { email: invitation.email, role: invitation.role }, made.invitationId);
        return made;
      });
      // E-mailed once the workspace and the invitation are committed.
      if (invitationId) await deliverInvitation(ctx.db, invitationId, ctx.user.name || null);
      return created;
    }),

  list: agencyOwnerProcedure
    .meta({ rest: { method: "GET", path: "/v1/agency/clients", summary: "List client workspaces, newest first", tags } })
    .input(listClientsInput)
    .output(z.object({ current_page: z.number().int(), data: z.array(clientSchema), per_page: z.number().int(), total: z.number().int() }))
    .query(({ ctx, input }) => readDb(ctx, (db) => listClients(db, ctx.agency, input))),

  get: clientProcedure
    .meta({ rest: { method: "GET", path: "/v1/agency/clients/{client_id}", summary: "One client workspace", tags } })
    .output(clientEnvelope)
    .query(async ({ ctx }) => ({ client: await getClient(ctx.db, ctx.agency, ctx.client) })),

  update: clientProcedure
    .meta({ rest: { method: "PATCH", path: "/v1/agency/clients/{client_id}", summary: "Update a client's name, limits, integrations or data retention; reset its credits", idempotency: "required", tags } })
    .input(z.object({ name: z.string().trim().min(1).max(255).optional(), ...clientFields, reset_credits: z.boolean().optional(), auto_topup: autoTopupInput, data_retention_days: retentionInput }))
    .output(clientEnvelope)
    .mutation(async ({ ctx, input }) => {
      return auditedChange(ctx.db, async (db) => {
        const client = await updateClient(db, ctx.agency, ctx.client, ctx.user.id, input, ctx.request?.idempotencyKey ?? null);
        const after = await db.team.findUniqueOrThrow({ where: { id: ctx.client.id } });
        await auditClientUpdate({ db, actor: actorOf(ctx) }, ctx.client, after);
        if (after.dataRetentionDays !== ctx.client.dataRetentionDays) {
          await auditClient({ db, actor: actorOf(ctx), client: after }, "client.data_retention_changed", { data_retention_days: ctx.client.dataRetentionDays }, { data_retention_days: after.dataRetentionDays });
        }
        if (input.reset_credits) {
          await auditClient({ db, actor: actorOf(ctx), client: after }, "client.credits_reset", { messages_used: ctx.client.messagesUsed }, { messages_used: after.messagesUsed });
        }
        return { client };
      });
    }),

  topUp: clientProcedure
    .meta({ rest: { method: "POST", path: "/v1/agency/clients/{client_id}/topups", summary: "Add top-up message credits", idempotency: "required", tags } })
    .input(z.object({ amount: z.number().int().min(1).max(1_000_000) }))
    .output(z.object({ client: clientTopupSchema }))
    .mutation(async ({ ctx, input }) => {
      return auditedChange(ctx.db, async (db) => {
        const client = topupVariant(await topUpClient(db, ctx.agency, ctx.client, ctx.user.id, input.amount, ctx.request?.idempotencyKey ?? null));
        await auditClient(
          { db, actor: actorOf(ctx), client: ctx.client },
          "client.topped_up",
          { topup_credits: ctx.client.topupCredits, overflow_debt: ctx.client.overflowDebt },
          { amount: input.amount, topup_credits: client.topup_credits_remaining, messages_remaining: client.messages_remaining },
        );
        return { client };
      });
    }),

  pause: clientProcedure
    .meta({ rest: { method: "POST", path: "/v1/agency/clients/{client_id}/pause", summary: "Pause a workspace (hard or soft)", idempotency: "required", tags } })
    .input(z.object({ mode: z.enum(["hard", "soft"]) }))
    .output(z.object({ client: clientStatusSchema }))
    .mutation(async ({ ctx, input }) => ({ client: await statusChange(ctx, { type: "pause", mode: input.mode }, "client.paused") })),

  suspend: clientProcedure
    .meta({ rest: { method: "POST", path: "/v1/agency/clients/{client_id}/suspend", summary: "Suspend a workspace", idempotency: "required", tags } })
    .output(z.object({ client: clientStatusSchema }))
    .mutation(async ({ ctx }) => ({ client: await statusChange(ctx, { type: "suspend" }, "client.suspended") })),

  resume: clientProcedure
    .meta({ rest: { method: "POST", path: "/v1/agency/clients/{client_id}/resume", summary: "Resume a paused or suspended workspace", idempotency: "required", tags } })
    .output(z.object({ client: clientStatusSchema }))
    .mutation(async ({ ctx }) => ({ client: await statusChange(ctx, { type: "resume" }, "client.resumed") })),

  agents: clientProcedure
    .meta({ rest: { method: "GET", path: "/v1/agency/clients/{client_id}/chatbots", summary: "A workspace's agents", tags } })
    .output(z.object({ chatbots: z.array(agentSummarySchema) }))
    .query(async ({ ctx }) => ({ chatbots: await listAgents(ctx.db, ctx.agency, ctx.client) })),

  createAgent: clientProcedure
    .meta({ rest: { method: "POST", path: "/v1/agency/clients/{client_id}/chatbots", summary: "Create an agent in a workspace", status: 201, idempotency: "optional", tags } })
    .input(agentInput.extend(blueprintFields))
    .output(z.object({ chatbot: agentSummarySchema }))
    .mutation(async ({ ctx, input }) => {
      const blueprint = blueprintRequest(input, needsTemplate);
      return auditedChange(ctx.db, async (db) => {
        let chatbot = await createAgent(db, ctx.agency, ctx.client, ctx.user.id, input);
        if (blueprint) {
          const { accent_color } = await blueprints.seed(db, { agency: ctx.agency, client: ctx.client, chatbotId: chatbot.id, request: blueprint, accentColor: input.accent_color ?? null });
          chatbot = { ...chatbot, accent_color };
        }
        await recordChatbotChange(db, { actor: actorOf(ctx), team: ctx.client, chatbot, created: true });
        return { chatbot };
      });
    }),

  // Dashboard-only reads and actions (tRPC, no REST route).
  overview: agencyOwnerProcedure.query(({ ctx }) => agencyOverview(ctx.db, ctx.agency)),

  ledger: clientProcedure
    .input(z.object({ limit: z.number().int().min(1).max(200).default(50), before: z.string().regex(/^\d+$/).optional() }))
    .query(({ ctx, input }) => readDb(ctx, (db) => creditLedger(db, ctx.client, input))),

  invitations: clientProcedure.query(({ ctx }) => clientInvitations(ctx.db, ctx.agency, ctx.client)),

  invite: clientProcedure
    .input(z.object({ email: z.email().max(255), role: z.enum(["admin", "editor", "member"]).default("admin") }))
    .output(sentInvitationSchema)
    .mutation(async ({ ctx, input }) => {
      const invitation = await auditedChange(ctx.db, async (db) => {
        const opened = await openClientInvitation(db, ctx.client, ctx.user.id, input);
        await auditInvitation(db, ctx, ctx.client, "invitation.created", { email: opened.email, role: opened.role }, opened.id);
        return opened;
      });
      return { ...invitation, ...(await deliverInvitation(ctx.db, invitation.id, ctx.user.name || null)) };
    }),

  resendInvitation: clientProcedure
    .input(z.object({ invitation_id: z.string().max(100) }))
    .output(sentInvitationSchema)
    .mutation(async ({ ctx, input }) => {
      const renewed = await auditedChange(ctx.db, async (db) => {
        const invitation = await renewInvitation(db, ctx.client, input.invitation_id);
        await auditInvitation(db, ctx, ctx.client, "invitation.resent", { email: invitation.email, role: invitation.role }, invitation.id);
        return invitation;
      });
      return { ...renewed, ...(await deliverInvitation(ctx.db, renewed.id, ctx.user.name || null)) };
    }),

  revokeInvitation: clientProcedure.input(z.object({ invitation_id: z.string().max(100) })).mutation(async ({ ctx, input }) => {
    await auditedChange(ctx.db, async (db) => {
      const revoked = await revokeInvitation(db, ctx.client, input.invitation_id);
      await auditInvitation(db, ctx, ctx.client, "invitation.revoked", { email: revoked.email, role: revoked.role }, revoked.id);
    });
    return { ok: true as const };
  }),
});
