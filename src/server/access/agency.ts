import type { Team, Webhook } from "@/generated/prisma/client";
import { poolOf, type Db } from "@/server/db/client";
import { modelOfRow } from "@/server/db/rows";
import { AppError } from "@/server/errors";
import { isUuid } from "@/server/lib/ids";

/** An agency: a team of kind `agency` on the agency plan. */
export type Agency = Team;

/*
 * Every agency-scoped request starts here, so each resolution is ONE
 * statement on the pg pool (issue 14): the agency, and for `/clients/{id}` and
 * `/webhooks/{id}` the resource in the same round trip, not a second
 * sequential one. Rows become the Prisma models by their column names
 * (db/rows.ts: every teams and webhooks column qualifies);
 * tests/integration/access-hot-path.test.ts holds them equal to Prisma's reads.
 */

/** The caller's agency (their first, should there be several): `$1` is the user id. */
const OWNED_AGENCY = `SELECT * FROM teams WHERE owner_id = $1::uuid AND kind = 'agency' AND plan = 'agency' ORDER BY created_at ASC LIMIT 1`;

const forbidden = () => new AppError("FORBIDDEN", "This action requires the owner of an agency plan account.");
const clientNotFound = () => new AppError("NOT_FOUND", "Client workspace not found.");
const webhookNotFound = () => new AppError("NOT_FOUND", "Webhook not found.");

/** The agency the user owns (their first, should there be several), or FORBIDDEN. */
export async function ownedAgency(db: Db, userId: string): Promise<Agency> {
  const { rows } = await poolOf(db).query<Record<string, unknown>>({ name: "access_owned_agency", text: OWNED_AGENCY, values: [userId] });
  if (!rows[0]) throw forbidden();
  return modelOfRow<Agency>(rows[0]);
}

/**
 * The caller's agency and one of its client workspaces, in one statement:
 * both are `teams` rows, so the agency is the first row and the client (when
 * it is this agency's, a client and not deleted) the second. No agency:
 * FORBIDDEN; no such client (another agency's, deleted, a malformed id):
 * NOT_FOUND.
 */
export async function agencyWithClient(db: Db, userId: string, clientId: string): Promise<{ agency: Agency; client: Team }> {
  const { rows } = await poolOf(db).query<Record<string, unknown> & { access_row: number }>({
    name: "access_agency_client",
    text: `WITH a AS (${OWNED_AGENCY})
           SELECT 0 AS access_row, a.* FROM a
           UNION ALL
           SELECT 1, c.* FROM a JOIN teams c ON c.agency_id = a.id
            WHERE c.id = $2::uuid AND c.kind = 'client' AND c.deleted_at IS NULL`,
    values: [userId, isUuid(clientId) ? clientId : null],
  });
  const agency = rows.find((r) => r.access_row === 0);
  if (!agency) throw forbidden();
  const client = rows.find((r) => r.access_row === 1);
  if (!client) throw clientNotFound();
  return { agency: teamOfRow(agency), client: teamOfRow(client) };
}

/** The caller's agency and one of its webhook endpoints, in one statement (the endpoint's columns prefixed `webhook__`). */
export async function agencyWithWebhook(db: Db, userId: string, webhookId: string): Promise<{ agency: Agency; webhook: Webhook }> {
  const { rows } = await poolOf(db).query<Record<string, unknown>>({
    name: "access_agency_webhook",
    text: `WITH a AS (${OWNED_AGENCY})
           SELECT a.*, w.id AS webhook__id, w.team_id AS webhook__team_id, w.url AS webhook__url, w.events AS webhook__events,
                  w.secret AS webhook__secret, w.active AS webhook__active, w.created_at AS webhook__created_at, w.updated_at AS webhook__updated_at
             FROM a LEFT JOIN webhooks w ON w.id = $2::uuid AND w.team_id = a.id`,
    values: [userId, isUuid(webhookId) ? webhookId : null],
  });
  const row = rows[0];
  if (!row) throw forbidden();
  const agencyColumns: Record<string, unknown> = {};
  const webhookColumns: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (column.startsWith("webhook__")) webhookColumns[column.slice("webhook__".length)] = value;
    else agencyColumns[column] = value;
  }
  if (webhookColumns.id === null) throw webhookNotFound();
  return { agency: modelOfRow<Agency>(agencyColumns), webhook: modelOfRow<Webhook>(webhookColumns) };
}

function teamOfRow(row: Record<string, unknown>): Team {
  const { access_row: _which, ...columns } = row;
  void _which;
  return modelOfRow<Team>(columns);
}
