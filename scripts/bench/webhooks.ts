/**
 * Webhook delivery throughput and latency: deliveries/s for a burst, and
 * enqueue→delivered p50/p99 at a steady rate, with one and two worker
 * processes (`npm run worker`), next to the same receiver called directly
 * from one process. Two receivers: one answering at once on localhost (the
 * worker, receiver, enqueuer and PostgreSQL then share the 2 cores: CPU
 * bound), and one answering after a fixed delay like a remote endpoint
 * (BENCH_RTT_MS, 200 ms): there a worker is bound by its connections per
 * origin and round trips, which a second worker process adds to.
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
import { startEmbeddedPostgres } from "@/server/kernel/db/embedded";
import { createPrismaClient } from "@/server/kernel/db/client";
import { migrate } from "@/server/kernel/db/migrate";
import { enqueueDeliveries } from "@/server/webhooks";
import { profileSelfTime, startCpuCount, withDescendants } from "./process-cpu";

export async function runWebhooksBenchmark() {
  process.on("uncaughtException", (error: Error & { code?: string }) => {
    if (error.code === "57P01") return; // connections ended by stopping the server
    throw error;
  });

  const BURST = Number(process.env.BENCH_BURST ?? 2000);
  const STEADY = Number(process.env.BENCH_STEADY ?? 400);
  const STEADY_RATE = Number(process.env.BENCH_RATE ?? 100); // per second
  const RTT_MS = Number(process.env.BENCH_RTT_MS ?? 200);

  const dir = path.resolve(".data/bench/webhooks");
  mkdirSync(dir, { recursive: true });
  const pems = await generate([{ name: "commonName", value: "localhost" }], {
    keySize: 2048,
    extensions: [{ name: "basicConstraints", cA: true }, { name: "subjectAltName", altNames: [{ type: 2, value: "localhost" }] }],
  });
  writeFileSync(path.join(dir, "ca.pem"), pems.cert);
  let received = 0;
  async function startReceiver(delayMs: number) {
    const receiver = https.createServer({ key: pems.private, cert: pems.cert, keepAliveTimeout: 30_000 }, (req, res) => {
      received++;
      req.resume();
      req.on("end", () => (delayMs ? setTimeout(() => res.writeHead(200).end("ok"), delayMs) : res.writeHead(200).end("ok")));
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    return { receiver, url: `https://localhost:${(receiver.address() as AddressInfo).port}/hook` };
  }
  const local = await startReceiver(0);
  const remote = await startReceiver(RTT_MS);

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
  const secret = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
  const localHook = await db.webhook.create({ data: { teamId: agency.id, url: local.url, secret } });
  const remoteHook = await db.webhook.create({ data: { teamId: agency.id, url: remote.url, secret } });

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

  async function enqueue(webhookId: string, n: number) {
    const ids = Array.from({ length: n }, () => crypto.randomUUID());
    await db.$transaction(async (tx) => {
      await tx.webhookDelivery.createMany({
        data: ids.map((id) => ({ id, webhookId, event: "webhook.test", payload: { id, event: "webhook.test", data: { bench: true } }, nextAttemptAt: new Date() })),
      });
      await enqueueDeliveries(tx, ids);
    }, { timeout: 60_000 });
    return ids;
  }

  /**
   * Until every one of these deliveries is recorded as delivered. Polling the database for 2,000 ids every
   * 20 ms cost PostgreSQL ~40 % of a core (as much as the workers' own statements): the receiver's count
   * is watched first, and the database asked only once the requests have all arrived.
   */
  async function waitDelivered(ids: string[], receivedBefore: number) {
    while (received - receivedBefore < ids.length) await new Promise((r) => setTimeout(r, 5));
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

  async function measure(workers: number, webhookId: string) {
    const procs = await Promise.all(Array.from({ length: workers }, startWorker));
    const warmUp = received;
    await waitDelivered(await enqueue(webhookId, 50), warmUp); // warm-up: connections, TLS sessions
    const workerPids = () => procs.flatMap((p) => withDescendants(p.pid!));
    const count = DIAG
      ? startCpuCount({
          "bench (enqueuer + receiver)": () => [process.pid],
          postgres: () => withDescendants(process.pid).filter((pid) => pid !== process.pid && !workerPids().includes(pid)),
          ...Object.fromEntries(procs.map((p, i) => [`worker ${i + 1}`, () => withDescendants(p.pid!)])),
        })
      : null;
    const waits = DIAG ? sampleWaits() : null;
    const burstFrom = received;
    const t0 = performance.now();
    const burst = await enqueue(webhookId, BURST);
    const enqueued = performance.now() - t0;
    await waitDelivered(burst, burstFrom);
    const elapsed = performance.now() - t0;
    const throughput = BURST / (elapsed / 1000);
    // The workers cannot start before the burst's transaction commits: the rate from then on is theirs alone.
    const afterCommit = BURST / ((elapsed - enqueued) / 1000);
    if (count && waits) {
      const { seconds, cpu, machineBusy } = count();
      const samples = await waits.stop();
      console.log(`\n${webhookId === remoteHook.id ? `receiver +${RTT_MS} ms` : "local receiver"}, ${workers} worker(s): burst ${(seconds * 1000).toFixed(0)} ms (enqueue ${enqueued.toFixed(0)} ms), machine busy ${(machineBusy * 100).toFixed(0)} % of ${cpus().length} cores`);
      for (const [name, s] of Object.entries(cpu)) console.log(`  ${name.padEnd(28)} ${s.toFixed(2)} CPU s (${((s / seconds) * 100).toFixed(0)} % of one core)`);
      console.log("  database sessions (mean per sample, by state / wait):");
      for (const [what, n] of samples) console.log(`    ${(n).toFixed(1).padStart(5)}  ${what}`);
    }

    const steadyFrom = received;
    const steady: string[] = [];
    for (let i = 0; i < STEADY; i++) {
      steady.push(...(await enqueue(webhookId, 1)));
      await new Promise((r) => setTimeout(r, 1000 / STEADY_RATE));
    }
    await waitDelivered(steady, steadyFrom);
    const { rows } = await pgPool.query<{ ms: number }>(
      "SELECT extract(epoch FROM delivered_at - created_at) * 1000 AS ms FROM webhook_deliveries WHERE id = ANY($1::uuid[]) ORDER BY 1",
      [steady],
    );
    const ms = rows.map((r) => Number(r.ms));
    for (const p of procs) p.kill("SIGTERM");
    await Promise.all(procs.map((p) => new Promise((r) => p.once("exit", r))));
    return { throughput, afterCommit, p50: pct(ms, 50), p99: pct(ms, 99) };
  }

  /** The receiver called directly from one process, `connections` at a time (no queue, no database). */
  async function baseline(target: string, connections: number) {
    const dispatcher = new Agent({ connect: { ca: pems.cert }, connections });
    const body = JSON.stringify({ id: "x", event: "webhook.test" });
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: connections }, async () => {
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

  const direct = await baseline(local.url, 10);
  const localOne = await measure(1, localHook.id);
  const localTwo = await measure(2, localHook.id);
  // As many connections as one worker keeps per origin (webhooks/http-client.ts): one process's ceiling at this round trip.
  const remoteDirect = await baseline(remote.url, 64);
  const remoteOne = await measure(1, remoteHook.id);
  const remoteTwo = await measure(2, remoteHook.id);

  console.log(`\nwebhooks: burst of ${BURST} deliveries (rate from enqueue, and from its commit), then ${STEADY} at ${STEADY_RATE}/s`);
  console.log(`machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(" / ")} (1/5/15 min)`);
  const row = (label: string, r: Awaited<ReturnType<typeof measure>>) =>
    console.log(`${label.padEnd(34)} | ${r.throughput.toFixed(0).padStart(12)} | ${r.afterCommit.toFixed(0).padStart(12)} | ${`${r.p50.toFixed(1)} ms`.padStart(21)} | ${r.p99.toFixed(1)} ms`);
  const header = (title: string) => {
    console.log(`\n${title}\n`);
    console.log(`${"setup".padEnd(34)} | deliveries/s | after commit | enqueue→delivered p50 | p99`);
    console.log(`${"-".repeat(34)} | ------------ | ------------ | --------------------- | -------`);
  };
  header("HTTPS receiver on localhost, answering at once (everything on the same 2 cores)");
  row("1 worker process", localOne);
  row("2 worker processes", localTwo);
  console.log(`${"baseline: direct POSTs, 10 conns".padEnd(34)} | ${direct.toFixed(0).padStart(12)} |            — |                     — | —`);
  header(`HTTPS receiver answering after ${RTT_MS} ms (a remote endpoint's round trip)`);
  row("1 worker process", remoteOne);
  row("2 worker processes", remoteTwo);
  console.log(`${"baseline: direct POSTs, 64 conns".padEnd(34)} | ${remoteDirect.toFixed(0).padStart(12)} |            — |                     — | —`);

  if (PROFILE) {
    for (const file of readdirSync(PROFILE).filter((f) => f.endsWith(".cpuprofile"))) {
      console.log(`\nworker profile ${file}: self time by function`);
      for (const r of profileSelfTime(path.join(PROFILE, file))) console.log(`  ${(r.share * 100).toFixed(1).padStart(5)} % ${r.ms.toFixed(0).padStart(6)} ms  ${r.fn}`);
    }
  }

  await pgPool.end();
  await db.$disconnect();
  for (const { receiver } of [local, remote]) {
    receiver.closeAllConnections();
    receiver.close();
  }
  await server.stop();
}
