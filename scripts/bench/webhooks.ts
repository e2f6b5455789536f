/**
 * Webhook delivery throughput and latency: deliveries/s for a burst, and
 * enqueue→delivered p50/p99 at a steady rate, with one and two worker
 * processes (`npm run worker`) delivering to a local HTTPS receiver; next to
 * the baseline of the same receiver called directly from one process.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import { cpus, loadavg } from "node:os";
import type { AddressInfo } from "node:net";
import path from "node:path";
import pg from "pg";
import { generate } from "selfsigned";
import { Agent, request } from "undici";
import { startEmbeddedPostgres } from "@/server/db/embedded";
import { createPrismaClient } from "@/server/db/client";
import { migrate } from "@/server/db/migrate";
import { enqueueDeliveries } from "@/server/webhooks/dispatch";
import { profileSelfTime, startCpuCount, withDescendants } from "./process-cpu";

export async function runWebhooksBenchmark() {
  process.on("uncaughtException", (error: Error & { code?: string }) => {
    if (error.code === "57P01") return; // connections ended by stopping the server
    throw error;
  });

  const BURST = Number(process.env.BENCH_BURST ?? 2000);
  const STEADY = Number(process.env.BENCH_STEADY ?? 400);
  const STEADY_RATE = Number(process.env.BENCH_RATE ?? 100); // per second

  const dir = path.resolve(".data/bench/webhooks");
  mkdirSync(dir, { recursive: true });
  const pems = await generate([{ name: "commonName", value: "localhost" }], {
    keySize: 2048,
    extensions: [{ name: "basicConstraints", cA: true }, { name: "subjectAltName", altNames: [{ type: 2, value: "localhost" }] }],
  });
  writeFileSync(path.join(dir, "ca.pem"), pems.cert);
  const receiver = https.createServer({ key: pems.private, cert: pems.cert, keepAliveTimeout: 30_000 }, (req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200).end("ok"));
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const port = (receiver.address() as AddressInfo).port;
  const target = `https://localhost:${port}/hook`;

  const server = await startEmbeddedPostgres({ dataDir: path.join(dir, "pg"), ephemeral: true });
  const admin = new pg.Client({ connectionString: server.url() });
  await admin.connect();
  await admin.query("DROP DATABASE IF EXISTS bench_webhooks WITH (FORCE)");
  await admin.query("CREATE DATABASE bench_webhooks");
  await admin.end();
  const url = server.url("bench_webhooks");
  await migrate(url);
  const db = createPrismaClient(url);
  const owner = await db.user.create({ data: { email: "bench@example.test", name: "Bench" } });
  const agency = await db.team.create({ data: { kind: "agency", plan: "agency", name: "Bench", ownerId: owner.id } });
  const webhook = await db.webhook.create({ data: { teamId: agency.id, url: target, secret: `whsec_${Buffer.alloc(32, 7).toString("base64")}` } });

  const workerEnv = { ...process.env, DATABASE_URL: url, WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true", WEBHOOK_CA_CERTS: path.join(dir, "ca.pem") };
  // BENCH_DIAG=1: where the CPU of each burst went, and what the database sessions waited on; BENCH_PROFILE=<dir>: workers' --cpu-prof.
  const DIAG = process.env.BENCH_DIAG === "1" || !!process.env.BENCH_PROFILE;
  const PROFILE = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : null;
  if (PROFILE) rmSync(PROFILE, { recursive: true, force: true });
  function startWorker(): Promise<ChildProcess> {
    const prof = PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE}`] : [];
    const child = spawn(process.execPath, [...prof, "--import", "tsx", "scripts/worker.ts"], { env: workerEnv, stdio: ["ignore", "pipe", "inherit"] });
    return new Promise((resolve) => child.stdout!.on("data", (d: Buffer) => d.toString().includes("running") && resolve(child)));
  }

  async function enqueue(n: number) {
    const ids = Array.from({ length: n }, () => crypto.randomUUID());
    await db.$transaction(async (tx) => {
      await tx.webhookDelivery.createMany({
        data: ids.map((id) => ({ id, webhookId: webhook.id, event: "webhook.test", payload: { id, event: "webhook.test", data: { bench: true } }, nextAttemptAt: new Date() })),
      });
      await enqueueDeliveries(tx, ids);
    }, { timeout: 60_000 });
    return ids;
  }

  async function waitDelivered(ids: string[]) {
    for (;;) {
      const { rows } = await pgPool.query<{ n: number }>("SELECT count(*)::int AS n FROM webhook_deliveries WHERE id = ANY($1::uuid[]) AND delivered_at IS NOT NULL", [ids]);
      if (rows[0]!.n === ids.length) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  const pgPool = new pg.Pool({ connectionString: url, max: 3 });

  /** Samples pg_stat_activity of the bench database every 20 ms until stopped. */
  function sampleWaits() {
    const counts = new Map<string, number>();
    let n = 0;
    let running = true;
    const loop = (async () => {
      while (running) {
        const { rows } = await pgPool.query<{ what: string; c: number }>(
          `SELECT concat_ws(' / ', state, wait_event_type, wait_event) AS what, count(*)::int AS c FROM pg_stat_activity
            WHERE datname = 'bench_webhooks' AND pid <> pg_backend_pid() AND backend_type = 'client backend' GROUP BY 1`,
        );
        n++;
        for (const r of rows) counts.set(r.what, (counts.get(r.what) ?? 0) + r.c);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    return {
      stop: async () => {
        running = false;
        await loop;
        return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([what, c]) => [what, c / Math.max(1, n)] as const);
      },
    };
  }
  const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

  async function measure(workers: number) {
    const procs = await Promise.all(Array.from({ length: workers }, startWorker));
    await waitDelivered(await enqueue(50)); // warm-up: connections, TLS sessions
    const workerPids = () => procs.flatMap((p) => withDescendants(p.pid!));
    const count = DIAG
      ? startCpuCount({
          "bench (enqueuer + receiver)": () => [process.pid],
          postgres: () => withDescendants(process.pid).filter((pid) => pid !== process.pid && !workerPids().includes(pid)),
          ...Object.fromEntries(procs.map((p, i) => [`worker ${i + 1}`, () => withDescendants(p.pid!)])),
        })
      : null;
    const waits = DIAG ? sampleWaits() : null;
    const t0 = performance.now();
    const burst = await enqueue(BURST);
    const enqueued = performance.now() - t0;
    await waitDelivered(burst);
    const throughput = BURST / ((performance.now() - t0) / 1000);
    if (count && waits) {
      const { seconds, cpu, machineBusy } = count();
      const samples = await waits.stop();
      console.log(`\n${workers} worker(s): burst ${(seconds * 1000).toFixed(0)} ms (enqueue ${enqueued.toFixed(0)} ms), machine busy ${(machineBusy * 100).toFixed(0)} % of ${cpus().length} cores`);
      for (const [name, s] of Object.entries(cpu)) console.log(`  ${name.padEnd(28)} ${s.toFixed(2)} CPU s (${((s / seconds) * 100).toFixed(0)} % of one core)`);
      console.log("  database sessions (mean per sample, by state / wait):");
      for (const [what, n] of samples) console.log(`    ${(n).toFixed(1).padStart(5)}  ${what}`);
    }

    const steady: string[] = [];
    for (let i = 0; i < STEADY; i++) {
      steady.push(...(await enqueue(1)));
      await new Promise((r) => setTimeout(r, 1000 / STEADY_RATE));
    }
    await waitDelivered(steady);
    const { rows } = await pgPool.query<{ ms: number }>(
      "SELECT extract(epoch FROM delivered_at - created_at) * 1000 AS ms FROM webhook_deliveries WHERE id = ANY($1::uuid[]) ORDER BY 1",
      [steady],
    );
    const ms = rows.map((r) => Number(r.ms));
    for (const p of procs) p.kill("SIGTERM");
    await Promise.all(procs.map((p) => new Promise((r) => p.once("exit", r))));
    return { throughput, p50: pct(ms, 50), p99: pct(ms, 99) };
  }

  async function baseline() {
    const dispatcher = new Agent({ connect: { ca: pems.cert }, connections: 10 });
    const body = JSON.stringify({ id: "x", event: "webhook.test" });
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next++ < BURST) {
          const res = await request(target, { method: "POST", body, headers: { "content-type": "application/json" }, dispatcher });
          await res.body.text();
        }
      }),
    );
    const rate = BURST / ((performance.now() - t0) / 1000);
    await dispatcher.close();
    return rate;
  }

  const direct = await baseline();
  const one = await measure(1);
  const two = await measure(2);
  console.log(`\nwebhooks: burst of ${BURST} deliveries, then ${STEADY} at ${STEADY_RATE}/s, HTTPS receiver on localhost`);
  console.log(`machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(" / ")} (1/5/15 min)\n`);
  console.log("setup                          | deliveries/s | enqueue→delivered p50 | p99");
  console.log("------------------------------ | ------------ | --------------------- | -------");
  console.log(`1 worker process               | ${one.throughput.toFixed(0).padStart(12)} | ${`${one.p50.toFixed(1)} ms`.padStart(21)} | ${one.p99.toFixed(1)} ms`);
  console.log(`2 worker processes             | ${two.throughput.toFixed(0).padStart(12)} | ${`${two.p50.toFixed(1)} ms`.padStart(21)} | ${two.p99.toFixed(1)} ms`);
  console.log(`baseline: direct POSTs, 10 conc| ${direct.toFixed(0).padStart(12)} |                     — | —`);

  if (PROFILE) {
    for (const file of readdirSync(PROFILE).filter((f) => f.endsWith(".cpuprofile"))) {
      console.log(`\nworker profile ${file}: self time by function`);
      for (const r of profileSelfTime(path.join(PROFILE, file))) console.log(`  ${(r.share * 100).toFixed(1).padStart(5)} % ${r.ms.toFixed(0).padStart(6)} ms  ${r.fn}`);
    }
  }

  await pgPool.end();
  await db.$disconnect();
  receiver.closeAllConnections();
  receiver.close();
  await server.stop();
}
