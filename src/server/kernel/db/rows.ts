import { poolOf, type Db } from "@/server/kernel/db/client";

/**
 * A row read with plain SQL as the Prisma model of its table, for the few hot
 * paths that read a whole row in one statement together with other facts
 * (access/chatbots.ts). Valid for tables whose fields are the camelCase of
 * their snake_case columns and whose types pg and Prisma read alike (text,
 * uuid, integer, boolean, double precision, timestamptz → Date); each use has
 * an integration test comparing the result with Prisma's own read.
 */
/**
 * The rows of one named (prepared) plain-SQL statement as models (modelOfRow):
 * the hot `GET` lists read this way, one round trip without the ORM's
 * per-query work (docs/decisions/038-hot-paths-in-named-sql.md; ~0.05 ms of CPU instead of ~0.25 ms a list).
 */
export async function selectModels<T>(db: Db, query: { name: string; text: string; values: unknown[] }): Promise<T[]> {
  const { rows } = await poolOf(db).query<Record<string, unknown>>(query);
  return rows.map((row) => modelOfRow<T>(row));
}

export function modelOfRow<T>(row: Record<string, unknown>): T {
  const model: Record<string, unknown> = {};
  for (const column in row) model[fieldOf(column)] = row[column];
  return model as T;
}

/** Each column's field name (`team_id` → `teamId`), computed once: the hot reads map thousands of rows of a few dozen known columns. */
const fieldNames = new Map<string, string>();

export function fieldOf(column: string): string {
  let field = fieldNames.get(column);
  if (field === undefined) {
    field = column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    fieldNames.set(column, field);
  }
  return field;
}

/**
 * The columns of a table (its Prisma scalar fields, as snake_case columns) read under `alias`, each named
 * `prefix__column`: another table's row beside the main one in a single result row (see splitPrefixed).
 */
export function prefixedColumns(alias: string, fields: Record<string, string>, prefix: string): string {
  return Object.values(fields)
    .map((field) => `${alias}.${columnOf(field)} AS ${prefix}__${columnOf(field)}`)
    .join(", ");
}

/** The columns of these model fields (the snake_case of each), for a SELECT list read back by modelOfRow. */
export function columnList(fields: readonly string[]): string {
  return fields.map(columnOf).join(", ");
}

const columnOf = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * A result row split by column prefix (`prefix__column`): each prefix's columns (null when its `id` is
 * null: an outer join found nothing), and the unprefixed rest.
 */
export function splitPrefixed<P extends string>(row: Record<string, unknown>, prefixes: readonly P[]): Record<P, Record<string, unknown> | null> & { rest: Record<string, unknown> } {
  const parts: Record<string, Record<string, unknown>> = Object.fromEntries(prefixes.map((p) => [p, {}]));
  const rest: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    const at = column.indexOf("__");
    const part = at > 0 ? parts[column.slice(0, at)] : undefined;
    if (part) part[column.slice(at + 2)] = value;
    else rest[column] = value;
  }
  const out: Record<string, Record<string, unknown> | null> = {};
  for (const p of prefixes) out[p] = parts[p]!.id === null || parts[p]!.id === undefined ? null : parts[p]!;
  return { ...(out as Record<P, Record<string, unknown> | null>), rest };
}
