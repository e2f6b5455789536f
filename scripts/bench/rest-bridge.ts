/**
 * `npm run bench -- rest-bridge` (docs/decisions/091-rest-ahead-of-next.md): what our own code costs per
 * request, without Next. The REST bridge's route handlers (the functions
 * Next's `/v1` route exports) are called in this process with a `NextRequest`,
 * 16 in flight, on the rest benchmark's data (rest-fixtures.ts, its own
 * embedded PostgreSQL): for every documented `GET`, the process's CPU per
 * request (bridge, auth, tRPC, services, pg, serialization), the statements
 * it sends, and PostgreSQL's CPU per request; next to the no-op handler (the
 * JSON 404 of `/v1`). Compare with `npm run bench -- rest`, where the same
 * calls run inside Next's request handling.
 */
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import pg from "pg";
import { NextRequest } from "next/server";
import { ensureDatabase } from "@/server/kernel/db/bootstrap";
import { createPrismaClient } from "@/server/kernel/db/client";
import { startEmbeddedPostgres } from "@/server/kernel/db/embedded";
import { migrate } from "@/server/kernel/db/migrate";
import { seedRestFixture } from "./rest-fixtures";
import { backendsOf, cpuSeconds } from "./rest-profile";

const DATA_DIR = path.resolve(".data/bench/rest-bridge");
const DATABASE = "bench_rest_bridge";
const IN_FLIGHT = 16;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4000);
const log = (m: string) => console.log(`[bench] ${m}`);

export async function runRestBridgeBenchmark() {
  rmSync(DATA_DIR, { recursive: true, force: true });
  const pgServer = await startEmbeddedPostgres({ dataDir: path.join(DATA_DIR, "postgres"), ephemeral: true });
  try {
    await ensureDatabase(pgServer.url(), DATABASE);
    const url = pgServer.url(DATABASE);
    await migrate(url);
    // The app's modules read their settings on first use: these are set before any of them runs.
    Object.assign(process.env, { DATABASE_URL: url, APP_URL: "http://127.0.0.1:3000", NEXTAUTH_SECRET: "bench-secret-bench-secret-bench-bridge", RATE_LIMIT_API_PER_MINUTE: "1000000" });
    const db = createPrismaClient(url);
    log("seeding the demo agency");
    const fixture = await seedRestFixture(db, "http://127.0.0.1:3000");
    await db.$disconnect();
    const statements = countStatements();
    const { restRouteHandlers } = await import("@/server/transport/rest/bridge");
    const { restEndpoints } = await import("@/server/transport/rest/registry");
    const gets = [...restEndpoints()].filter(([, endpoints]) => endpoints.some((e) => e.method === "GET")).map(([template]) => template);

    const rows: string[] = [];
    const { GET: handler } = restRouteHandlers();
    const measureOne = async (label: string, template: string) => {
      const params: Record<string, string> = {};
      for (const [, name] of template.matchAll(/\{(\w+)\}/g)) params[name!] = fixture.params[name!]!;
      const concrete = template.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!);
      const call = async () => {
        const req = new NextRequest(`http://127.0.0.1:3000${concrete}`, { headers: { authorization: `Bearer ${fixture.token}`, host: "127.0.0.1:3000" } });
        const res = await handler(req);
        await res.text();
        return res.status;
      };
      const status = await call();
      for (let i = 0; i < 300; i++) await call(); // JIT, pools, prepared statements
      const backends = backendsOf(DATABASE);
      const before = { cpu: process.cpuUsage(), statements: statements.count, postgres: cpuSeconds(backends) };
      let next = 0;
      await Promise.all(Array.from({ length: IN_FLIGHT }, async () => { while (next++ < REQUESTS) await call(); }));
      const cpu = process.cpuUsage(before.cpu);
      const perRequest = (cpu.user + cpu.system) / 1000 / REQUESTS;
      const postgres = ((cpuSeconds(backendsOf(DATABASE)) - before.postgres) * 1000) / REQUESTS;
      const sent = (statements.count - before.statements) / REQUESTS;
      rows.push(`  ${label.padEnd(56)} ${String(status).padStart(6)} ${perRequest.toFixed(3).padStart(10)} ${sent.toFixed(1).padStart(11)} ${postgres.toFixed(2).padStart(12)}`);
      log(`${label}: ${perRequest.toFixed(3)} ms of CPU per request, ${sent.toFixed(1)} statements (load ${loadavg()[0]!.toFixed(2)})`);
    };
    await measureOne("no-op /v1 handler (JSON 404)", "/v1");
    for (const template of gets) await measureOne(`GET ${template}`, template);
    console.log(`
rest-bridge benchmark — the /v1 route handlers in process, without Next; ${IN_FLIGHT} in flight, ${REQUESTS} requests each; load at the end ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" / ")}

  ${"what".padEnd(56)} ${"status".padStart(6)} ${"CPU ms/req".padStart(10)} ${"statements".padStart(11)} ${"PG CPU ms/req".padStart(12)}
${rows.join("\n")}
`);
    const { getDb } = await import("@/server/kernel/db/client");
    await getDb().$disconnect();
  } finally {
    await pgServer.stop();
  }
}

/** Every statement any pg client of this process sends (Prisma's adapter included). */
function countStatements() {
  const counter = { count: 0 };
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: Parameters<typeof query>) {
    counter.count++;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  return counter;
}
