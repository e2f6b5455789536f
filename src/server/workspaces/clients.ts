/**
 * Agency client workspaces: provisioning, limits, status, top-ups and agents.
 * Functions on one workspace take the `client` that `clientProcedure` checked
 * belongs to the calling `agency`.
 */
import { createWebsiteSourceIn } from "@/server/training";
import type { Chatbot, Team } from "@/generated/prisma/client";
import type { Agency } from "@/server/access";
import { poolOf, type Db, type Tx } from "@/server/kernel/db/client";
import { pageWithTotal } from "@/server/kernel/db/pages";
import { modelOfRow } from "@/server/kernel/db/rows";
import { randomGradient } from "@/shared/accent-color";
import { sameTextKey } from "@/shared/same-text";
import { clientRetentionError } from "@/shared/data-retention";
import { newChatbotTexts } from "@/shared/i18n/chatbot-texts";
import { agentCreationRefusal } from "@/server/workspaces/agent-creation";
import { transition, type StatusAction } from "@/server/workspaces/status";
import { AppError, validationError } from "@/server/kernel/errors";
import { serializeAgentSummary, type AgentSummaryRow } from "@/server/workspaces/agent-summary-serializer";
import { serializeClient, type ClientJson, type ClientRow } from "@/server/workspaces/client-serializer";
import { agencyPool, limitChanged, resetCredits, topUp } from "@/server/workspaces/credits";
import { createInvitation, openMemberInvitation, type InviteRole } from "@/server/accounts";
import { AGENCY_PLAN_DEFAULTS, addMonths, messagesRemaining } from "@/server/workspaces/credit-rules";

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

/** A workspace as the API shows it, read in the caller's transaction (its usage as that transaction sees it). */
export async function present(db: Db | Tx, agency: Agency, team: Team): Promise<ClientJson> {
  const [fresh, usage] = await Promise.all([
    agencyPool(db, agency.id),
    usageOf(db, [team.id]),
  ]);
  return serializeClient(team, fresh, usage.get(team.id)!);
}

/*
 * The reads below (one workspace, the list, a workspace's agents) are one
 * statement each on the pg pool (docs/decisions/038-hot-paths-in-named-sql.md): the agency and the workspace were
 * read by `clientProcedure`'s own statement; the agency pool's use is summed
 * inside the read (the same sum as credits.agencyPool), the page carries its
 * total (kernel/db/pages.ts), and only the columns the responses need are read.
 * tests/integration/access-hot-path.test.ts holds them to the Prisma forms.
 */

/** The agency pool's use this period: the sum over its workspaces (credits.agencyPool), `$1` the agency. */
const POOL_USED = "agency_pool_used($1::uuid)::int";
/** Live agents and their live sources of the workspace `ws` (usageOf). */
const USAGE_OF = (ws: string) => `(SELECT count(*)::int FROM chatbots uc WHERE uc.team_id = ${ws}.id AND uc.deleted_at IS NULL) AS usage_chatbots,
  (SELECT count(*)::int FROM sources us JOIN chatbots usc ON usc.id = us.chatbot_id
    WHERE usc.team_id = ${ws}.id AND usc.deleted_at IS NULL AND us.deleted_at IS NULL) AS usage_sources`;
const CLIENT_COLUMNS = `t.id, t.name, t.external_reference, t.status, t.pause_mode, t.paused_at, t.byok_enabled, t.enabled_integrations,
  t.chatbot_limit, t.source_limit, t.message_limit, t.response_token_limit, t.messages_used, t.topup_credits, t.overflow_debt,
  t.credits_exhausted_at, t.credits_reset_at, t.created_at, t.data_retention_days`;

type ClientReadRow = Record<string, unknown> & { usage_chatbots: number; usage_sources: number; pool_messages_used: number };

function clientOfReadRow(agency: Agency, row: ClientReadRow): ClientJson {
  const { usage_chatbots, usage_sources, pool_messages_used, ...columns } = row;
  return serializeClient(modelOfRow<ClientRow>(columns), { monthlyMessagePool: agency.monthlyMessagePool, poolMessagesUsed: pool_messages_used }, {
    chatbots: usage_chatbots,
    sources: usage_sources,
  });
}

export async function getClient(db: Db, agency: Agency, client: Team) {
  const { rows } = await poolOf(db).query<ClientReadRow>({
    name: "agency_client_get",
    text: `SELECT ${CLIENT_COLUMNS}, ${USAGE_OF("t")}, ${POOL_USED} AS pool_messages_used FROM teams t WHERE t.id = $2::uuid`,
    values: [agency.id, client.id],
  });
  if (!rows[0]) throw new AppError("NOT_FOUND", "Client workspace not found.");
  return clientOfReadRow(agency, rows[0]);
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

export function integrationsFor(agency: Agency, requested: string[] | null | undefined): string[] {
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
  /** A supported language code (checked by the router); its texts start in it (record 117). */
  default_language?: string;
  redact_pii?: boolean;
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
      redactPii: input.redact_pii ?? false,
      ...newChatbotTexts(input.default_language),
    },
  });
  if (input.website_url) await createWebsiteSourceIn(tx, chatbot.id, input.website_url, `${field}website_url`);
  return chatbot;
}

async function lockAgency(tx: Tx, agencyId: string) {
  await tx.$queryRaw`SELECT id FROM teams WHERE id = ${agencyId}::uuid FOR UPDATE`;
}

/**
 * One client per name in an agency (compared by `sameTextKey`): two "Bloom Florists" cannot be told apart
 * in the client list, the audit filter or an invoice. Called under the agency lock (`lockAgency`).
 */
async function assertNameIsFree(tx: Tx, agencyId: string, name: string, exceptId?: string) {
  const key = sameTextKey(name);
  const others = await tx.team.findMany({ where: { agencyId, kind: "client", deletedAt: null, ...(exceptId ? { id: { not: exceptId } } : {}) }, select: { name: true } });
  if (others.some((t) => sameTextKey(t.name) === key)) {
    throw validationError({ name: [`The agency already has a client named "${name}". Choose another name.`] });
  }
}

export async function createClient(
  db: Db,
  agency: Agency,
  actorId: string,
  input: ClientFields & { name: string; chatbot?: AgentInput; invite_email?: string; invite_role?: InviteRole },
) {
  const integrations = integrationsFor(agency, input.enabled_integrations);
  const created = await db.$transaction(async (tx) => {
    await lockAgency(tx, agency.id);
    const cap = agency.workspaceLimit ?? AGENCY_PLAN_DEFAULTS.workspaceLimit;
    const count = await tx.team.count({ where: { agencyId: agency.id, kind: "client", deletedAt: null } });
    if (count >= cap) throw new AppError("RULE_VIOLATION", `The plan's workspace limit (${cap}) is reached.`);
    await assertNameIsFree(tx, agency.id, input.name);
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
    return { client, chatbot: chatbot ? serializeAgentSummary(chatbot, client.messages_remaining) : undefined, invitation };
  }, TX);
  // The caller e-mails the invitation (`invitationId`) once the workspace is committed; the contract's Invitation carries the link only.
  const { client, chatbot, invitation } = created;
  return {
    created: {
      client,
      ...(chatbot ? { chatbot } : {}),
      ...(invitation ? { invitation: { email: invitation.email, role: invitation.role, accept_url: invitation.accept_url } } : {}),
    },
    invitationId: invitation?.id ?? null,
  };
}

export async function listClients(
  db: Db,
  agency: Agency,
  filter: { external_reference?: string; status?: "active" | "paused" | "suspended"; page: number; per_page: number },
) {
  const where = `t.agency_id = $1::uuid AND t.kind = 'client' AND t.deleted_at IS NULL
    AND ($2::text IS NULL OR t.external_reference = $2::text) AND ($3::text IS NULL OR t.status::text = $3::text)`;
  const { rows, total } = await pageWithTotal<ClientReadRow>(db, {
    name: "agency_clients_page",
    text: `SELECT p.*, ${USAGE_OF("p")}, ${POOL_USED} AS pool_messages_used
             FROM (SELECT ${CLIENT_COLUMNS}, count(*) OVER ()::int AS total_count FROM teams t WHERE ${where}
                    ORDER BY t.created_at DESC, t.id DESC LIMIT $4 OFFSET $5) p
            ORDER BY p.created_at DESC, p.id DESC`,
    countText: `SELECT count(*)::int AS total_count FROM teams t WHERE ${where}`,
    values: [agency.id, filter.external_reference ?? null, filter.status ?? null],
    page: filter.page,
    perPage: filter.per_page,
  });
  return { current_page: filter.page, data: rows.map((r) => clientOfReadRow(agency, r)), per_page: filter.per_page, total };
}

export interface AutoTopupInput {
  threshold: number;
  amount: number;
  monthly_cap: number;
}

/** The auto top-up columns for `auto_topup` (null: off); a changed rule starts unfired. */
function autoTopupData(input: AutoTopupInput | null | undefined, messageLimit: number | null) {
  if (input === undefined) return {};
  if (input !== null && (messageLimit === null || messageLimit < 1)) {
    throw new AppError("RULE_VIOLATION", "Auto top-up needs the client to have its own message_limit of at least 1.", {
      errors: { auto_topup: ["The client has no message_limit of at least 1; top-up credits only apply to a client-level budget."] },
    });
  }
  return {
    autoTopupThreshold: input?.threshold ?? null,
    autoTopupAmount: input?.amount ?? null,
    autoTopupMonthlyCap: input?.monthly_cap ?? null,
    autoTopupFiredAt: null,
  };
}

/** The auto top-up settings of a workspace as the dashboard shows them (not part of the contract's Client). */
export function autoTopupOf(team: Pick<Team, "autoTopupThreshold" | "autoTopupAmount" | "autoTopupMonthlyCap">): AutoTopupInput | null {
  if (team.autoTopupThreshold === null || team.autoTopupAmount === null || team.autoTopupMonthlyCap === null) return null;
  return { threshold: team.autoTopupThreshold, amount: team.autoTopupAmount, monthly_cap: team.autoTopupMonthlyCap };
}

export async function updateClient(
  db: Db,
  agency: Agency,
  current: Team,
  actorId: string,
  input: ClientFields & { reset_credits?: boolean; auto_topup?: AutoTopupInput | null; data_retention_days?: number | null },
  reference: string | null,
) {
  if (input.data_retention_days !== undefined) {
    const refusal = clientRetentionError(input.data_retention_days, agency.dataRetentionMaxDays);
    if (refusal) throw validationError({ data_retention_days: [refusal] });
  }
  const data = {
    ...(input.data_retention_days !== undefined ? { dataRetentionDays: input.data_retention_days } : {}),
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
    if (input.name !== undefined) {
      await lockAgency(tx, agency.id);
      await assertNameIsFree(tx, agency.id, input.name, current.id);
    }
    await tx.$queryRaw`SELECT id FROM teams WHERE id = ${current.id}::uuid FOR UPDATE`;
    const messageLimit = input.message_limit !== undefined ? input.message_limit : current.messageLimit;
    // Without a client-level budget there is no bucket to top up: the rule goes with the limit.
    const autoTopup = input.auto_topup !== undefined ? input.auto_topup : messageLimit === null || messageLimit < 1 ? null : undefined;
    await tx.team.update({ where: { id: current.id }, data: { ...data, ...autoTopupData(autoTopup, messageLimit) } });
    if (input.message_limit !== undefined && input.message_limit !== current.messageLimit) {
      await limitChanged(tx, current.id, { actorUserId: actorId, reference });
    }
    if (input.reset_credits) await resetCredits(tx, current.id, { actorUserId: actorId, reference });
    return present(tx, agency, await tx.team.findUniqueOrThrow({ where: { id: current.id } }));
  }, TX);
}

export async function changeStatus(db: Db, agency: Agency, current: Team, action: StatusAction) {
  return db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ status: Team["status"]; pause_mode: Team["pauseMode"]; pause_reason: string | null }[]>`
      SELECT status, pause_mode, pause_reason FROM teams WHERE id = ${current.id}::uuid FOR UPDATE`;
    const result = transition({ status: locked!.status, pauseMode: locked!.pause_mode }, action);
    if (!result.ok) throw new AppError("RULE_VIOLATION", result.reason);
    const team = !result.changed
      ? locked!.pause_reason === null
        ? await tx.team.findUniqueOrThrow({ where: { id: current.id } })
        : await tx.team.update({ where: { id: current.id }, data: { pauseReason: null } })
      : await tx.team.update({
          where: { id: current.id },
          data: {
            status: result.next.status,
            pauseMode: result.next.pauseMode,
            // A change made by hand is the agency's: a paid invoice no longer lifts it (billing's dunning pause).
            pauseReason: null,
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

/** The workspace's live agents, oldest first, with the workspace's remaining messages (the pool's use read alongside). */
export async function listAgents(db: Db, agency: Agency, team: Team) {
  const { rows } = await poolOf(db).query<Record<string, unknown> & { pool_messages_used: number }>({
    name: "agency_client_agents",
    text: `SELECT c.id, c.name, c.enabled, c.accent_color, c.created_at, ${POOL_USED} AS pool_messages_used
             FROM chatbots c WHERE c.team_id = $2::uuid AND c.deleted_at IS NULL ORDER BY c.created_at ASC, c.id ASC`,
    values: [agency.id, team.id],
  });
  if (!rows.length) return [];
  const remaining = messagesRemaining(team, { monthlyMessagePool: agency.monthlyMessagePool, poolMessagesUsed: rows[0]!.pool_messages_used });
  return rows.map(({ pool_messages_used: _pool, ...columns }) => serializeAgentSummary(modelOfRow<AgentSummaryRow>(columns), remaining));
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

/** A new invitation to a workspace (the caller e-mails it after the commit); the same rules as a workspace admin's own invitations. */
export async function openClientInvitation(db: Db, client: Team, actorId: string, input: { email: string; role: InviteRole }) {
  return openMemberInvitation(db, client, actorId, input);
}
