/**
 * A row read with plain SQL as the Prisma model of its table, for the few hot
 * paths that read a whole row in one statement together with other facts
 * (access/chatbots.ts). Valid for tables whose fields are the camelCase of
 * their snake_case columns and whose types pg and Prisma read alike (text,
 * uuid, integer, boolean, double precision, timestamptz → Date); each use has
 * an integration test comparing the result with Prisma's own read.
 */
export function modelOfRow<T>(row: Record<string, unknown>): T {
  const model: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) model[column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())] = value;
  return model as T;
}
