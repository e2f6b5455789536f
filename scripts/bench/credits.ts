/**
 * Credits engine throughput: answers charged per second on ONE workspace at
 * 1, 8 and 32 concurrent callers through `chargeAnswer` (row lock, agency
 * pool, ledger row, exhaustion check), next to a bare `UPDATE … RETURNING`
 * loop on the same database with the same pool size.
 */
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "@/server/kernel/db/embedded";
import { ensureDatabase } from "@/server/kernel/db/bootstrap";
import { createPrismaClient } from "@/server/kernel/db/client";
import { migrate } from "@/server/kernel/db/migrate";
import { chargeAnswer } from "../../tests/helpers/credits";

export async function runCreditsBenchmark() {
  // Stopping the server ends pooled connections; that is expected here.
  process.on("uncaughtException", (error: Error & { code?: string }) => {
    if (error.code === "57P01") return;
    throw error;
  });

  const CHARGES = Number(process.env.BENCH_CHARGES ?? 3000);
  const POOL_SIZE = 10; // the app's connection pool (src/server/kernel/db/client.ts)

  const server = await startEmbeddedPostgres({ dataDir: path.resolve(".data/bench/credits-pg"), ephemeral: true });
  {
    // A fresh database every run, so the figures always measure the current migrations.
    const admin = new pg.Client({ connectionString: server.url() });
    await admin.connect();
    await admin.query("DROP DATABASE IF EXISTS bench_credits WITH (FORCE)");
    await admin.end();
  }
  await ensureDatabase(server.url(), "bench_credits");
  const url = server.url("bench_credits");
  await migrate(url);
  const db = createPrismaClient(url);
  const raw = new pg.Pool({ connectionString: url, max: POOL_SIZE });

  const owner = await db.user.create({ data: { email: `bench-${Date.now()}@example.test`, name: "Bench" } });
  const agency = await db.team.create({ data: { kind: "agency", plan: "agency", name: "Bench agency", ownerId: owner.id, monthlyMessagePool: 2_000_000_000 } });
  const workspace = await db.team.create({
    data: { kind: "client", name: "Bench client", ownerId: owner.id, agencyId: agency.id, messageLimit: 2_000_000_000 },
  });

  async function run(concurrency: number, task: () => Promise<unknown>): Promise<number> {
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next++ < CHARGES) await task();
      }),
    );
    return CHARGES / ((performance.now() - started) / 1000);
  }

  const bare = () => raw.query("UPDATE teams SET messages_used = messages_used + 1 WHERE id = $1 RETURNING messages_used", [workspace.id]);
  const service = () => chargeAnswer(db, workspace.id, { reference: "bench" });


  await run(4, service); // warm-up: connections, prepared plans
  await run(4, bare);

  console.log(`\ncredits: ${CHARGES} charges on one workspace per row, connection pool ${POOL_SIZE}\n`);
  console.log("concurrency | chargeAnswer (/s) | bare UPDATE…RETURNING (/s) | ratio");
  console.log("----------- | ----------------- | -------------------------- | -----");
  for (const concurrency of [1, 8, 32]) {
    const s = await run(concurrency, service);
    const b = await run(concurrency, bare);
    console.log(`${String(concurrency).padStart(11)} | ${s.toFixed(0).padStart(17)} | ${b.toFixed(0).padStart(26)} | ${((s / b) * 100).toFixed(0).padStart(4)}%`);
  }
  const ledger = await db.creditLedgerEntry.count({ where: { teamId: workspace.id } });
  console.log(`\nledger rows written by chargeAnswer: ${ledger}`);

  await raw.end();
  await db.$disconnect();
  await server.stop();
}
