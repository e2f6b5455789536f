import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { topUp } from "@/server/workspaces/credits";
import { chargeAnswer } from "../helpers/credits";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, clientWorkspace } from "../helpers/fixtures";

/** Rules the database enforces itself (migration 20261123100000_integrity). */
let db: Db;
let url: string;
let agency: Awaited<ReturnType<typeof agencyOwner>>["agency"];

beforeAll(async () => {
  ({ db, url } = await createTestDatabase());
  ({ agency } = await agencyOwner(db));
});

const dispatchJobs = async () =>
  (
    await db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
        WHERE t.identifier = 'dispatch_outbox'`,
    )
  )[0]!.n;
const clearJobs = () => db.$executeRawUnsafe(`DELETE FROM graphile_worker._private_jobs`);

async function workspaceWithLimit(limit: number) {
  const team = await clientWorkspace(db, agency, `Client ${Math.random()}`);
  return db.team.update({ where: { id: team.id }, data: { messageLimit: limit } });
}

/** A raw error's message, for assertions on what PostgreSQL refused. */
async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected the database to refuse");
}

describe("the outbox trigger", () => {
  it("enqueues no dispatcher for a statement that inserted no outbox rows (a top-up)", async () => {
    const team = await workspaceWithLimit(5);
    await clearJobs();
    await db.$transaction((tx) => topUp(tx, team.id, 10));
    await db.$executeRawUnsafe(`INSERT INTO outbox_events (agency_id, team_id, type, data) SELECT agency_id, id, 'x', '{}' FROM teams WHERE false`);
    expect(await dispatchJobs()).toBe(0);
  });

  it("enqueues one dispatcher when events are written", async () => {
    const team = await workspaceWithLimit(1);
    await clearJobs();
    await chargeAnswer(db, team.id); // uses the only credit: client.credits_exhausted
    expect(await db.outboxEvent.count({ where: { teamId: team.id } })).toBe(1);
    expect(await dispatchJobs()).toBe(1);
  });
});

describe("the credit ledger", () => {
  it("is append-only: rows cannot be changed, deleted or truncated", async () => {
    const team = await workspaceWithLimit(5);
    await db.$transaction((tx) => topUp(tx, team.id, 3));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      expect(await refusal(() => client.query(`UPDATE credit_ledger SET topup_delta = 1000 WHERE team_id = $1`, [team.id]))).toMatch(/append-only: UPDATE/);
      expect(await refusal(() => client.query(`DELETE FROM credit_ledger WHERE team_id = $1`, [team.id]))).toMatch(/append-only: DELETE/);
      expect(await refusal(() => client.query(`TRUNCATE credit_ledger`))).toMatch(/append-only: TRUNCATE/);
    } finally {
      await client.end();
    }
    expect(await db.creditLedgerEntry.count({ where: { teamId: team.id } })).toBe(1);
  });

  it("keeps its rows when the workspace is deleted", async () => {
    const team = await workspaceWithLimit(5);
    await db.$transaction((tx) => topUp(tx, team.id, 3));
    await db.team.delete({ where: { id: team.id } });
    expect(await db.creditLedgerEntry.count({ where: { teamId: team.id } })).toBe(1);
  });
});

describe("credit counters", () => {
  it.each([
    ["messages_used", "messagesUsed"],
    ["topup_credits", "topupCredits"],
    ["overflow_debt", "overflowDebt"],
    ["pool_messages_used", "poolMessagesUsed"],
    ["message_limit", "messageLimit"],
  ] as const)("refuses a negative %s", async (column, field) => {
    const team = await workspaceWithLimit(5);
    expect(await refusal(() => db.team.update({ where: { id: team.id }, data: { [field]: -1 } }))).toMatch(/check constraint|violates/i);
    const row = await db.$queryRawUnsafe<Record<string, number | null>[]>(`SELECT ${column} FROM teams WHERE id = $1::uuid`, team.id);
    expect(row[0]![column]).not.toBe(-1);
  });
});
