import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient, type Db } from "@/server/kernel/db/client";
import { migrate } from "@/server/kernel/db/migrate";
import { READ_APPLICATION_NAME } from "@/server/kernel/db/replicas";
import { installedPostgresBin, startSystemPostgres, type SystemServer } from "../../scripts/lib/system-postgres";
import { agencyOwner, clientWorkspace, chatbot } from "../helpers/fixtures";
import { apiClient } from "../helpers/http";
import { startAppServer } from "../helpers/server";

/**
 * Reads from a streaming replica (docs/decisions/126-reads-from-replicas.md), against a real one made here:
 * a primary from Debian's PostgreSQL (`initdb`), its `pg_basebackup -R` copy started as a second server,
 * and the production build with DATABASE_REPLICA_URLS naming the copy.
 */
// Generous: on a busy machine a healthy replica must not be taken out before the paused-replay steps.
const MAX_LAG_MS = 3_000;
const CHECK_MS = 100;
const DATABASE = "acp_replicas";

let root: string;
let primary: SystemServer;
let replica: SystemServer;
let db: Db;
let replicaSql: pg.Client | null = null;
let api: ReturnType<typeof apiClient>;
let owner: Awaited<ReturnType<typeof agencyOwner>>;

beforeAll(async () => {
  const bin = process.env.TEST_POSTGRES_BIN ?? installedPostgresBin();
  if (!bin) throw new Error("No installed PostgreSQL with pg_basebackup: `apt-get install postgresql-15` (.ci/run does)");
  mkdirSync(path.resolve(".data/test"), { recursive: true });
  root = mkdtempSync(path.resolve(".data/test/replicas-"));
  primary = await startSystemPostgres({ bin, dataDir: path.join(root, "primary"), ephemeral: true });
  const admin = new pg.Client({ connectionString: primary.url() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  await migrate(primary.url(DATABASE));
  replica = await startSystemPostgres({ bin, dataDir: path.join(root, "replica"), ephemeral: true, replicaOf: { port: primary.port } });
  db = createPrismaClient(primary.url(DATABASE));
  owner = await agencyOwner(db);
  const app = await startAppServer(primary.url(DATABASE), {
    DATABASE_REPLICA_URLS: replica.url(DATABASE),
    DATABASE_REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
    DATABASE_REPLICA_CHECK_MS: String(CHECK_MS),
  });
  api = apiClient(app.baseUrl);
});

afterAll(async () => {
  await replicaSql?.end().catch(() => undefined);
  await db?.$disconnect();
  // The app server is stopped by the file's cleanup, after this: a stopped primary only makes its last reads fail.
  await replica?.stop().catch(() => undefined);
  await primary?.stop().catch(() => undefined);
  if (root) rmSync(root, { recursive: true, force: true });
});

async function onReplica<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
  if (!replicaSql) {
    replicaSql = new pg.Client({ connectionString: replica.url(DATABASE) });
    await replicaSql.connect();
  }
  return (await replicaSql.query<T>(sql)).rows;
}

const until = async (what: string, ok: () => Promise<boolean>, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

const createClient = (name: string) => api("POST", "/v1/agency/clients", { token: owner.token, key: randomUUID(), body: { name } });
const listedNames = async (headers: Record<string, string> = {}) => {
  const res = await api("GET", "/v1/agency/clients?per_page=100", { token: owner.token, headers });
  expect(res.status).toBe(200);
  return (res.body.data as { name: string }[]).map((c) => c.name);
};

describe("reads from a streaming replica", () => {
  it("answers analytics from the replica (its read connections in pg_stat_activity there)", async () => {
    const team = await clientWorkspace(db, owner.agency);
    const bot = await chatbot(db, team.id, owner.user.id);
    await until("the chatbot on the replica", async () => (await onReplica(`SELECT 1 FROM chatbots WHERE id = '${bot.id}'`)).length === 1);
    const res = await api("GET", `/v1/${bot.id}/analytics`, { token: owner.token });
    expect(res.status).toBe(200);
    const reads = await onReplica<{ query: string }>(`SELECT query FROM pg_stat_activity WHERE application_name = '${READ_APPLICATION_NAME}' AND datname = '${DATABASE}'`);
    expect(reads.some((r) => r.query.includes("analytics_days"))).toBe(true);
  });

  it("lists a client created just before (read-your-writes), while a lagging replica still serves other reads", async () => {
    await onReplica("SELECT pg_wal_replay_pause()");
    const created = await createClient("Written then read");
    expect(created.status).toBe(201);
    const lsn = created.headers.get("x-min-lsn");
    expect(lsn).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    // Without the write position: the replica (replay paused) answers, and has not seen the client yet.
    expect(await listedNames()).not.toContain("Written then read");
    // With it: the replica has not replayed it within 100 ms, so the primary answers.
    expect(await listedNames({ "X-Min-LSN": lsn! })).toContain("Written then read");
    // Behind by more than the bound: taken out, every read falls back to the primary.
    await until("the lagging replica taken out", async () => (await listedNames()).includes("Written then read"), MAX_LAG_MS * 4);
    // Replay resumed: it catches up and is put back (a paused one answers stale again).
    await onReplica("SELECT pg_wal_replay_resume()");
    await new Promise((r) => setTimeout(r, CHECK_MS * 5));
    await onReplica("SELECT pg_wal_replay_pause()");
    expect((await createClient("Seen by the primary only")).status).toBe(201);
    await until("the replica put back", async () => !(await listedNames()).includes("Seen by the primary only"), MAX_LAG_MS);
    await onReplica("SELECT pg_wal_replay_resume()");
  });

  it("takes a stopped replica out: reads still succeed, on the primary", async () => {
    await replicaSql?.end();
    replicaSql = null;
    await replica.stop();
    expect((await createClient("While the replica is down")).status).toBe(201);
    for (let i = 0; i < 5; i++) expect(await listedNames()).toContain("While the replica is down");
  });
});
