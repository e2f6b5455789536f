import { Prisma, type Team, type Webhook } from "@/generated/prisma/client";
import { poolOf, type Db } from "@/server/kernel/db/client";
import { modelOfRow, prefixedColumns, splitPrefixed } from "@/server/kernel/db/rows";
import { AppError } from "@/server/kernel/errors";
import { isUuid } from "@/server/kernel/lib/ids";
import { ownedAgencySqlCondition } from "./agency-owner";

/** An agency: a team of kind `agency` on the agency plan. */
export type Agency = Team;

/*
 * Every agency-scoped request starts here, so each resolution is ONE
 * statement on the pg pool (docs/decisions/038-hot-paths-in-named-sql.md): the agency, and for `/clients/{id}` and
 * `/webhooks/{id}` the resource in the same round trip, not a second
 * sequential one. Rows become the Prisma models by their column names
 * (kernel/db/rows.ts: every teams and webhooks column qualifies);
 * tests/integration/access-hot-path.test.ts holds them equal to Prisma's reads.
 */

/** The agency a user owns (their first, should there be several); `user` is an SQL expression for the user id. */
export const ownedAgencySql = (user: string) =>
  `SELECT * FROM teams t WHERE ${ownedAgencySqlCondition("t", user)} ORDER BY created_at ASC LIMIT 1`;
/** The caller's agency: `$1` is the user id. */
const OWNED_AGENCY = ownedAgencySql("$1::uuid");

const forbidden = () => new AppError("FORBIDDEN", "This action requires the owner of an agency plan account.");
const clientNotFound = () => new AppError("NOT_FOUND", "Client workspace not found.");
const webhookNotFound = () => new AppError("NOT_FOUND", "Webhook not found.");

/**
 * A resource of the agency `a`, read beside it in one row: its join (`id` an SQL expression) and its
 * columns, each named `<prefix>__column` (db/rows.splitPrefixed).
 */
export interface AgencyResource {
  prefix: "client" | "webhook";
  join: (id: string) => string;
  columns: string;
}
/** A client workspace of the agency: a client, not deleted. */
export const AGENCY_CLIENT: AgencyResource = {
  prefix: "client",
  join: (id) => `teams c ON c.id = ${id} AND c.agency_id = a.id AND c.kind = 'client' AND c.deleted_at IS NULL`,
  columns: prefixedColumns("c", Prisma.TeamScalarFieldEnum, "client"),
};
/** A webhook endpoint of the agency. */
export const AGENCY_WEBHOOK: AgencyResource = {
  prefix: "webhook",
  join: (id) => `webhooks w ON w.id = ${id} AND w.team_id = a.id`,
  columns: prefixedColumns("w", Prisma.WebhookScalarFieldEnum, "webhook"),
};

/** What an agency-scoped request resolved (here, or with the token: access/api-tokens.authenticateTokenWithAgency). */
export interface AgencyScope {
  agency: Agency | null;
  client?: Team | null;
  webhook?: Webhook | null;
}

/** The agency, or FORBIDDEN when the user owns none. */
export function agencyOrForbidden(agency: Agency | null): Agency {
  if (!agency) throw forbidden();
  return agency;
}

/** The agency and its client workspace: FORBIDDEN without an agency, NOT_FOUND without such a client. */
export function agencyClientFrom(scope: AgencyScope): { agency: Agency; client: Team } {
  const agency = agencyOrForbidden(scope.agency);
  if (!scope.client) throw clientNotFound();
  return { agency, client: scope.client };
}

/** The agency and its webhook endpoint: FORBIDDEN without an agency, NOT_FOUND without such an endpoint. */
export function agencyWebhookFrom(scope: AgencyScope): { agency: Agency; webhook: Webhook } {
  const agency = agencyOrForbidden(scope.agency);
  if (!scope.webhook) throw webhookNotFound();
  return { agency, webhook: scope.webhook };
}

/** The agency the user owns (their first, should there be several), or FORBIDDEN. */
export async function ownedAgency(db: Db, userId: string): Promise<Agency> {
  return agencyOrForbidden(await ownedAgencyOrNull(db, userId));
}

async function ownedAgencyOrNull(db: Db, userId: string): Promise<Agency | null> {
  const { rows } = await poolOf(db).query<Record<string, unknown>>({ name: "access_owned_agency", text: OWNED_AGENCY, values: [userId] });
  return rows[0] ? modelOfRow<Agency>(rows[0]) : null;
}

/**
 * What an agency path resolves for a user, read before the request's procedure runs (and before any
 * transaction it runs in): the agency, and the client or endpoint the path names. Refusals come later,
 * from the procedure (agencyOrForbidden, agencyClientFrom, agencyWebhookFrom).
 */
export async function agencyScopeFor(db: Db, userId: string, ids: { clientId?: string; webhookId?: string }): Promise<AgencyScope> {
  if (ids.clientId !== undefined) return agencyClientScope(db, userId, ids.clientId);
  if (ids.webhookId !== undefined) return agencyWebhookScope(db, userId, ids.webhookId);
  return { agency: await ownedAgencyOrNull(db, userId) };
}

/**
 * The caller's agency and one of its client workspaces, in one statement:
 * both are `teams` rows, so the agency is the first row and the client (when
 * it is this agency's, a client and not deleted) the second. No agency:
 * FORBIDDEN; no such client (another agency's, deleted, a malformed id):
 * NOT_FOUND.
 */
export async function agencyWithClient(db: Db, userId: string, clientId: string): Promise<{ agency: Agency; client: Team }> {
  return agencyClientFrom(await agencyClientScope(db, userId, clientId));
}

async function agencyClientScope(db: Db, userId: string, clientId: string): Promise<AgencyScope> {
  const { rows } = await poolOf(db).query<Record<string, unknown> & { access_row: number }>({
    name: "access_agency_client",
    text: `WITH a AS (${OWNED_AGENCY})
           SELECT 0 AS access_row, a.* FROM a
           UNION ALL
           SELECT 1, c.* FROM a JOIN ${AGENCY_CLIENT.join("$2::uuid")}`,
    values: [userId, isUuid(clientId) ? clientId : null],
  });
  const agency = rows.find((r) => r.access_row === 0);
  const client = rows.find((r) => r.access_row === 1);
  return { agency: agency ? teamOfRow(agency) : null, client: client ? teamOfRow(client) : null };
}

/** The caller's agency and one of its webhook endpoints, in one statement (the endpoint's columns prefixed `webhook__`). */
export async function agencyWithWebhook(db: Db, userId: string, webhookId: string): Promise<{ agency: Agency; webhook: Webhook }> {
  return agencyWebhookFrom(await agencyWebhookScope(db, userId, webhookId));
}

async function agencyWebhookScope(db: Db, userId: string, webhookId: string): Promise<AgencyScope> {
  const { rows } = await poolOf(db).query<Record<string, unknown>>({
    name: "access_agency_webhook",
    text: `WITH a AS (${OWNED_AGENCY})
           SELECT a.*, ${AGENCY_WEBHOOK.columns} FROM a LEFT JOIN ${AGENCY_WEBHOOK.join("$2::uuid")}`,
    values: [userId, isUuid(webhookId) ? webhookId : null],
  });
  const row = rows[0];
  if (!row) return { agency: null, webhook: null };
  const { webhook, rest } = splitPrefixed(row, ["webhook"]);
  return { agency: modelOfRow<Agency>(rest), webhook: webhook ? modelOfRow<Webhook>(webhook) : null };
}

function teamOfRow(row: Record<string, unknown>): Team {
  const { access_row: _which, ...columns } = row;
  void _which;
  return modelOfRow<Team>(columns);
}
