import type { Db } from "@/server/kernel/db/client";

/** Message credits charged per workspace between two UTC days (both included), from the credit ledger's charges. */
export async function creditsUsedBetween(db: Db, teamIds: string[], from: string, to: string): Promise<Map<string, number>> {
  if (teamIds.length === 0) return new Map();
  const rows = await db.$queryRaw<{ team_id: string; used: number }[]>`
    SELECT team_id::text AS team_id, sum(used_delta)::int AS used FROM credit_ledger
     WHERE kind = 'charge' AND team_id = ANY(${teamIds}::uuid[])
       AND created_at >= (${from}::date)::timestamp AT TIME ZONE 'UTC' AND created_at < (${to}::date + 1)::timestamp AT TIME ZONE 'UTC'
     GROUP BY team_id`;
  return new Map(rows.map((r) => [r.team_id, r.used]));
}
