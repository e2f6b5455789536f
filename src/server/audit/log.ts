import { z } from "zod";
import type { Db } from "@/server/kernel/db/client";
import { pageWithTotal } from "@/server/kernel/db/pages";
import { isoMicro } from "@/server/kernel/lib/timestamps";
import { queryInteger } from "@/server/kernel/lib/query-params";
import { AUDIT_ACTION_NAMES, AUDIT_ACTOR_TYPES, AUDIT_ACTIONS } from "@/server/audit/actions";

/** The owner's reading of the audit log: newest first, filtered, paginated like the webhook deliveries, or as CSV. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date as YYYY-MM-DD.")
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "Use a real date as YYYY-MM-DD.");

export const auditFilterSchema = z.object({
  action: z.enum(AUDIT_ACTION_NAMES).optional(),
  client_id: z.uuid({ error: "The client_id must be a client's id." }).optional(),
  actor_type: z.enum(AUDIT_ACTOR_TYPES).optional(),
  from: day.optional().describe("First day, YYYY-MM-DD (UTC), included."),
  to: day.optional().describe("Last day, YYYY-MM-DD (UTC), included."),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditListInput = auditFilterSchema.extend({
  page: queryInteger({ min: 1 }).default(1),
  per_page: queryInteger({ min: 1, max: 100 }).default(25),
});

export const auditEntrySchema = z
  .object({
    id: z.string(),
    action: z.enum(AUDIT_ACTION_NAMES),
    actor: z.object({ type: z.enum(AUDIT_ACTOR_TYPES), user_id: z.string().nullable(), token_id: z.string().nullable(), name: z.string() }),
    target: z.object({ type: z.string(), id: z.string().nullable(), name: z.string().nullable() }),
    client_id: z.string().nullable(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    created_at: z.string(),
  })
  .meta({ id: "AuditEntry" });
export type AuditEntryJson = z.infer<typeof auditEntrySchema>;

interface AuditRow {
  id: string;
  action: string;
  actor_type: string;
  actor_user_id: string | null;
  actor_token_id: string | null;
  actor_name: string;
  target_type: string;
  target_id: string | null;
  target_name: string | null;
  team_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: Date;
}

function serialize(r: AuditRow): AuditEntryJson {
  return {
    id: r.id,
    action: r.action as AuditEntryJson["action"],
    actor: { type: r.actor_type as AuditEntryJson["actor"]["type"], user_id: r.actor_user_id, token_id: r.actor_token_id, name: r.actor_name },
    target: { type: r.target_type, id: r.target_id, name: r.target_name },
    client_id: r.team_id,
    before: r.before,
    after: r.after,
    created_at: isoMicro(r.created_at),
  };
}

const COLUMNS = `l.id::text AS id, l.action, l.actor_type, l.actor_user_id::text AS actor_user_id, l.actor_token_id::text AS actor_token_id,
  l.actor_name, l.target_type, l.target_id, l.target_name, l.team_id::text AS team_id, l.before, l.after, l.created_at`;
const WHERE = `l.agency_id = $1::uuid AND ($2::text IS NULL OR l.action = $2::text) AND ($3::uuid IS NULL OR l.team_id = $3::uuid)
  AND ($4::text IS NULL OR l.actor_type = $4::text)
  AND ($5::date IS NULL OR l.created_at >= $5::date::timestamp AT TIME ZONE 'UTC')
  AND ($6::date IS NULL OR l.created_at < ($6::date + 1)::timestamp AT TIME ZONE 'UTC')`;
const values = (agencyId: string, f: AuditFilter) => [agencyId, f.action ?? null, f.client_id ?? null, f.actor_type ?? null, f.from ?? null, f.to ?? null];

export async function listAudit(db: Db, agencyId: string, input: z.infer<typeof auditListInput>) {
  const { rows, total } = await pageWithTotal<AuditRow>(db, {
    name: "agency_audit_page",
    text: `SELECT ${COLUMNS}, (SELECT count(*)::int FROM audit_log l WHERE ${WHERE}) AS total_count
             FROM audit_log l WHERE ${WHERE} ORDER BY l.id DESC LIMIT $7 OFFSET $8`,
    countText: `SELECT count(*)::int AS total_count FROM audit_log l WHERE ${WHERE}`,
    values: values(agencyId, input),
    page: input.page,
    perPage: input.per_page,
  });
  return { current_page: input.page, data: rows.map(serialize), per_page: input.per_page, total };
}

/** At most this many rows in one CSV download (newest first); the filters narrow it. */
export const AUDIT_CSV_MAX_ROWS = 10_000;

function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);
  // A leading =, +, - or @ would be a formula in a spreadsheet: quoted with a leading apostrophe.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export async function auditCsv(db: Db, agencyId: string, filter: AuditFilter): Promise<{ csv: string; rows: number; truncated: boolean }> {
  const result = await db.$queryRawUnsafe<AuditRow[]>(
    `SELECT ${COLUMNS} FROM audit_log l WHERE ${WHERE} ORDER BY l.id DESC LIMIT ${AUDIT_CSV_MAX_ROWS + 1}`,
    ...values(agencyId, filter),
  );
  const rows = result.slice(0, AUDIT_CSV_MAX_ROWS).map(serialize);
  const header = ["time", "action", "what", "actor_type", "actor", "target_type", "target", "target_id", "client_id", "before", "after"];
  const lines = rows.map((e) =>
    [e.created_at, e.action, AUDIT_ACTIONS[e.action], e.actor.type, e.actor.name, e.target.type, e.target.name, e.target.id, e.client_id, e.before, e.after]
      .map(csvCell)
      .join(","),
  );
  return { csv: [header.join(","), ...lines].join("\r\n") + "\r\n", rows: rows.length, truncated: result.length > AUDIT_CSV_MAX_ROWS };
}

/**
 * One workspace's entries by one person, newest first (the client's Access log: what its agency's owner
 * viewed and changed there, docs/decisions/125-redaction-and-the-agencys-visits.md).
 */
export async function listWorkspaceAuditBy(db: Db, teamId: string, actorUserId: string, page: { page: number; per_page: number }) {
  const where = "l.team_id = $1::uuid AND l.actor_user_id = $2::uuid";
  const { rows, total } = await pageWithTotal<AuditRow>(db, {
    name: "workspace_audit_by_page",
    text: `SELECT ${COLUMNS}, (SELECT count(*)::int FROM audit_log l WHERE ${where}) AS total_count
             FROM audit_log l WHERE ${where} ORDER BY l.id DESC LIMIT $3 OFFSET $4`,
    countText: `SELECT count(*)::int AS total_count FROM audit_log l WHERE ${where}`,
    values: [teamId, actorUserId],
    page: page.page,
    perPage: page.per_page,
  });
  return { current_page: page.page, data: rows.map(serialize), per_page: page.per_page, total };
}
