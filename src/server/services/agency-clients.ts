/**
 * Agency client workspaces: provisioning, limits, status, top-ups and agents.
 * Functions on one workspace take the `client` that `clientProcedure` checked
 * belongs to the calling `agency`.
 */
import { createWebsiteSourceIn } from "@/server/services/source-training";
import type { Chatbot, Team } from "@/generated/prisma/client";
import type { Agency } from "@/server/access";
import type { Db, Tx } from "@/server/db/client";
import { randomGradient } from "@/server/domain/accent-color";
import { agentCreationRefusal } from "@/server/domain/agent-creation";
import { transition, type StatusAction } from "@/server/domain/workspace-status";
import { AppError, validationError } from "@/server/errors";
import { serializeAgentSummary } from "@/server/serializers/agent-summary";
import { serializeClient, type ClientJson } from "@/server/serializers/client";
import { agencyPool, limitChanged, resetCredits, topUp } from "@/server/services/credits";
import { createInvitation, type InviteRole } from "@/server/services/invitations";
import { AGENCY_PLAN_DEFAULTS, addMonths, messagesRemaining } from "@/server/domain/credits";

const TX = { maxWait: 10_000, timeout: 20_000 } as const;

/** Agents and sources per workspace (not deleted). */
export async function usageOf(db: Db | Tx, teamIds: string[]) {
  const usage = new Map(teamIds.map((id) => [id, { chatbots: 0, sources: 0 }]));
  if (!teamIds.length) return usage;
  const rows = await db.$queryRaw<{ team_id: string; chatbots: number; sources: number }[]>`
    SELECT c.team_id::text AS team_id, count(DISTINCT c.id)::int AS chatbots, count(s.id)::int AS sources
      FROM chatbots c LEFT JOIN sources s ON s.chatbot_id = c.id AND s.deleted_at IS NULL
     WHERE c.team_id = ANY(${teamIds}::uuid[]) AND c.deleted_at IS NULL
     GROUP BY c.team_id`;
  for (const r of rows) usage.set(r.team_id, { chatbots: r.chatbots, sources: r.sources });
  return usage;
}

async function present(db: Db | Tx, agency: Agency, team: Team): Promise<ClientJson> {
  const [fresh, usage] = await Promise.all([
    agencyPool(db, agency.id),
    usageOf(db, [team.id]),
  ]);
  return serializeClient(team, fresh, usage.get(team.id)!);
}

export async function getClient(db: Db, agency: Agency, client: Team) {
  return present(db, agency, client);
}

export interface ClientFields {
  name?: string;
  external_reference?: string | null;
  message_limit?: number | null;
  source_limit?: number | null;
  chatbot_limit?: number | null;
  response_token_limit?: number | null;
  byok_enabled?: boolean;
  enabled_integrations?: string[] | null;
}

function integrationsFor(agency: Agency, requested: string[] | null | undefined): string[] {
  if (requested === null || requested === undefined) return [...agency.includedIntegrations];
  const outside = requested.filter((i) => !agency.includedIntegrations.includes(i));
  if (outside.length) {
    throw validationError({ enabled_integrations: [`Not included in the agency plan: ${outside.join(", ")}.`] });
  }
  return [...new Set(requested)];
}

export interface AgentInput {
  name: string;
  website_url?: string | null;
  accent_color?: string | null;
}

/** Creates an agent in a workspace (locked by the caller's transaction): refuses suspended workspaces and full ones. */
async function createAgentIn(tx: Tx, workspace: Team, userId: string, input: AgentInput, field = ""): Promise<Chatbot> {
  const [chatbots, sources] = await Promise.all([
    tx.chatbot.count({ where: { teamId: workspace.id, deletedAt: null } }),
    tx.source.count({ where: { chatbot: { teamId: workspace.id }, deletedAt: null } }),
  ]);
  const refusal = agentCreationRefusal(workspace, chatbots);
  if (refusal) throw new AppError("RULE_VIOLATION", refusal);
  if (input.website_url && workspace.sourceLimit !== null && sources >= workspace.sourceLimit) {
    throw validationError({ [`${field}website_url`]: [`The workspace's source_limit (${workspace.sourceLimit}) is reached.`] });
  }
  const chatbot = await tx.chatbot.create({
    data: {
      teamId: workspace.id,
      userId,
      name: input.name,
      type: input.website_url ? "website" : "custom",
      accentColor: input.accent_color ?? randomGradient(),
    },
  });
  if (input.website_url) await createWebsiteSourceIn(tx, chatbot.id, input.website_url, `${field}website_url`);
  return chatbot;
}

async function lockAgency(tx: Tx, agencyId: string) {
  await tx.$queryRaw`SELECT id FROM teams WHERE id = ${agencyId}::uuid FOR UPDATE`;
}

export async function createClient(
  db: Db,
  agency: Agency,
  actorId: string,
  input: ClientFields & { name: string; chatbot?: AgentInput; invite_email?: string; invite_role?: InviteRole },
) {
  const integrations = integrationsFor(agency, input.enabled_integrations);
  return db.$transaction(async (tx) => {
    await lockAgency(tx, agency.id);
    const cap = agency.workspaceLimit ?? AGENCY_PLAN_DEFAULTS.workspaceLimit;
    const count = await tx.team.count({ where: { agencyId: agency.id, kind: "client", deletedAt: null } });
    if (count >= cap) throw new AppError("RULE_VIOLATION", `The plan's workspace limit (${cap}) is reached.`);
    const now = new Date();
    const hasLimit = input.message_limit !== null && input.message_limit !== undefined;
    const team = await tx.team.create({
      data: {
        kind: "client",
        plan: "agency_client",
        name: input.name,
        ownerId: agency.ownerId,
        agencyId: agency.id,
        externalReference: input.external_reference ?? null,
        messageLimit: input.message_limit ?? null,
        sourceLimit: input.source_limit ?? null,
        chatbotLimit: input.chatbot_limit ?? null,
        responseTokenLimit: input.response_token_limit ?? null,
        byokEnabled: input.byok_enabled ?? false,
        enabledIntegrations: integrations,
        creditsResetAt: hasLimit ? now : null,
        creditsRenewAt: hasLimit ? addMonths(now, 1) : null,
      },
    });
    const chatbot = input.chatbot ? await createAgentIn(tx, team, actorId, input.chatbot, "chatbot.") : undefined;
    const invitation = input.invite_email
      ? await createInvitation(tx, { teamId: team.id, email: input.invite_email, role: input.invite_role ?? "admin", invitedById: actorId, agency })
      : undefined;
    const client = await present(tx, agency, team);
    return {
      client,
      ...(chatbot ? { chatbot: serializeAgentSummary(chatbot, client.messages_remaining) } : {}),
      ...(invitation ? { invitation } : {}),
    };
  }, TX);
}

export async function listClients(
  db: Db,
  agency: Agency,
  filter: { external_reference?: string; status?: "active" | "paused" | "suspended"; page: number; per_page: number },
) {
  const where = {
    agencyId: agency.id,
    kind: "client" as const,
    deletedAt: null,
    ...(filter.external_reference !== undefined ? { externalReference: filter.external_reference } : {}),
    ...(filter.status ? { status: filter.status } : {}),
  };
  const [total, teams, pool] = await Promise.all([
    db.team.count({ where }),
    db.team.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: (filter.page - 1) * filter.per_page, take: filter.per_page }),
    agencyPool(db, agency.id),
  ]);
  const usage = await usageOf(db, teams.map((t) => t.id));
  return { current_page: filter.page, data: teams.map((t) => serializeClient(t, pool, usage.get(t.id)!)), per_page: filter.per_page, total };
}

export async function updateClient(db: Db, agency: Agency, current: Team, actorId: string, input: ClientFields & { reset_credits?: boolean }, reference: string | null) {
  const data = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.external_reference !== undefined ? { externalReference: input.external_reference } : {}),
    ...(input.message_limit !== undefined ? { messageLimit: input.message_limit } : {}),
    ...(input.source_limit !== undefined ? { sourceLimit: input.source_limit } : {}),
    ...(input.chatbot_limit !== undefined ? { chatbotLimit: input.chatbot_limit } : {}),
    ...(input.response_token_limit !== undefined ? { responseTokenLimit: input.response_token_limit } : {}),
    ...(input.byok_enabled !== undefined ? { byokEnabled: input.byok_enabled } : {}),
    ...(input.enabled_integrations !== undefined ? { enabledIntegrations: integrationsFor(agency, input.enabled_integrations) } : {}),
  };
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM teams WHERE id = ${current.id}::uuid FOR UPDATE`;
    await tx.team.update({ where: { id: current.id }, data });
    if (input.message_limit !== undefined && input.message_limit !== current.messageLimit) {
      await limitChanged(tx, current.id, { actorUserId: actorId, reference });
    }
    if (input.reset_credits) await resetCredits(tx, current.id, { actorUserId: actorId, reference });
    return present(tx, agency, await tx.team.findUniqueOrThrow({ where: { id: current.id } }));
  }, TX);
}

export async function changeStatus(db: Db, agency: Agency, current: Team, action: StatusAction) {
  return db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ status: Team["status"]; pause_mode: Team["pauseMode"] }[]>`
      SELECT status, pause_mode FROM teams WHERE id = ${current.id}::uuid FOR UPDATE`;
    const result = transition({ status: locked!.status, pauseMode: locked!.pause_mode }, action);
    if (!result.ok) throw new AppError("RULE_VIOLATION", result.reason);
    const team = !result.changed
      ? await tx.team.findUniqueOrThrow({ where: { id: current.id } })
      : await tx.team.update({
          where: { id: current.id },
          data: {
            status: result.next.status,
            pauseMode: result.next.pauseMode,
            ...(result.next.status === "active" ? { pausedAt: null } : result.stampPausedAt ? { pausedAt: new Date() } : {}),
          },
        });
    return present(tx, agency, team);
  }, TX);
}

export async function topUpClient(db: Db, agency: Agency, current: Team, actorId: string, amount: number, reference: string | null) {
  return db.$transaction(async (tx) => {
    await topUp(tx, current.id, amount, { reference, actorUserId: actorId });
    return present(tx, agency, await tx.team.findUniqueOrThrow({ where: { id: current.id } }));
  }, TX);
}

export async function listAgents(db: Db, agency: Agency, team: Team) {
  const [chatbots, pool] = await Promise.all([
    db.chatbot.findMany({ where: { teamId: team.id, deletedAt: null }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    agencyPool(db, agency.id),
  ]);
  const remaining = messagesRemaining(team, pool);
  return chatbots.map((c) => serializeAgentSummary(c, remaining));
}

export async function createAgent(db: Db, agency: Agency, current: Team, actorId: string, input: AgentInput) {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM teams WHERE id = ${current.id}::uuid FOR UPDATE`;
    const team = await tx.team.findUniqueOrThrow({ where: { id: current.id } });
    const chatbot = await createAgentIn(tx, team, actorId, input);
    const pool = await agencyPool(tx, agency.id);
    return serializeAgentSummary(chatbot, messagesRemaining(team, pool));
  }, TX);
}

/** A new invitation to a workspace; the link points at the agency's domain. */
export async function inviteToClient(db: Db, agency: Agency, client: Team, actorId: string, input: { email: string; role: InviteRole }) {
  return db.$transaction((tx) => createInvitation(tx, { teamId: client.id, email: input.email, role: input.role, invitedById: actorId, agency }));
}
