/**
 * `npm run bench -- rest` (docs/decisions/038-hot-paths-in-named-sql.md, docs/decisions/091-rest-ahead-of-next.md): the REST read path and the chat hot
 * path next to their floors, in one run on one machine.
 *
 * The production build (built when missing or older than the sources) runs as `npm start` runs it, through
 * scripts/serve.ts, on a throw-away data folder and its own embedded
 * PostgreSQL holding the demo installation grown to a realistic agency
 * (rest-fixtures.ts). Closed-loop load with autocannon (a well-kept HTTP load
 * generator: keep-alive connections, HDR histograms), 16 connections, a few
 * seconds per endpoint, on:
 * - every documented `GET` of the OpenAPI document (`/v1/openapi.json`, so
 *   none is missed), path parameters filled from the fixture;
 * - `POST /v1/{chatbot_id}/chat` (extractive: no LLM configured) and the
 *   widget's public chat with an allowed Origin and a visitor token;
 * - the two baselines: a no-op `/v1` route (the framework's JSON 404 at
 *   `/v1`, no database, and the same below `{chatbot_id}`; measured just
 *   before and just after every endpoint, so that each is compared with the
 *   framework's speed at that moment on a shared machine) and node:http + pg doing `/v1/me`'s look-up
 *   (rest-floor.ts, at the start and the end).
 * Prints rps, p50, p99, and each rps as a ratio to both baselines; targets:
 * documented GETs ≥ 0.8× the no-op route of the same shape (static, or below a dynamic segment; record 091),
 * chat ≥ 0.5×; the machine's load is printed. Next to them, the CPU
 * each request cost the app server and the PostgreSQL backends (from
 * /proc, over the measured seconds), and what a request may cost at its
 * target: the machine's CPU time per no-op request divided by the target
 * ratio (docs/performance.md, "rest").
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, rmSync, statSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { ensureDatabase } from "@/server/kernel/db/bootstrap";
import { createPrismaClient } from "@/server/kernel/db/client";
import { startEmbeddedPostgres } from "@/server/kernel/db/embedded";
import { migrate } from "@/server/kernel/db/migrate";
import { startProductionServer } from "../lib/app-server";
import { seedRestFixture, type RestFixture } from "./rest-fixtures";
import { backendsOf, cpuSeconds } from "./rest-profile";
import { sseFrames } from "../../tests/helpers/sse";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const WARM_UP_SECONDS = 2;
const CONNECTIONS = 16;
const DATA_DIR = path.resolve(".data/bench/rest");
const GET_TARGET = 0.8;
const CHAT_TARGET = 0.5;
/** A no-op measurement after every this many endpoints. */
const log = (m: string) => console.log(`[bench] ${m}`);

interface Figures {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  failures: string;
  target?: number;
  /** The rps of the no-op route of the same shape around this measurement (mean of the runs before and after its group). */
  noopRps?: number;
  noopShape?: "static" | "dynamic";
  /** CPU ms per request of the app server and of the PostgreSQL backends, when measured. */
  cpu?: { server: number; postgres: number };
}

/** Where a measurement reads the CPU its requests cost: the app server's process and the database's backends. */
export interface CpuMeter {
  serverPid: number;
  database: string;
}

/** A path with a dynamic segment (`{chatbot_id}`, `{client_id}`, …) or a chat path below `{chatbot_id}`. */
const isDynamic = (target: Target) => target.label.includes("{");

export type Target = {
  label: string;
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  expect: number;
  target?: number;
  /** Paths (same origin as `url`) asked in turn, one per request across all connections, instead of `url`'s alone. */
  rotate?: string[];
};

export async function runRestBenchmark() {
  ensureProductionBuild();
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  process.on("uncaughtException", (error: Error & { code?: string }) => {
    if (error.code === "57P01") return; // pooled connections end when the database stops
    throw error;
  });
  const pgServer = await startEmbeddedPostgres({ dataDir: path.join(DATA_DIR, "postgres"), ephemeral: true });
  const stops: (() => Promise<void>)[] = [() => pgServer.stop()];
  try {
    await ensureDatabase(pgServer.url(), "bench_rest");
    const url = pgServer.url("bench_rest");
    await migrate(url);
    const db = createPrismaClient(url);
    stops.unshift(() => db.$disconnect());
    const app = await startProductionServer(url, "bench-secret-bench-secret-bench-secret-rest", {
      DATA_DIR,
      WORKERS_ENABLED: "false",
      RATE_LIMIT_WIDGET_PER_MINUTE: "100000", // the highest env.ts accepts; ~1,700/s, far above what chat reaches
    });
    stops.unshift(() => app.stop());
    log("seeding the demo agency");
    const fixture = await seedRestFixture(db, app.baseUrl);
    const floor = await startFloor(url);
    stops.unshift(floor.stop);
    const meter: CpuMeter = { serverPid: app.child.pid!, database: "bench_rest" };

    const auth = { Authorization: `Bearer ${fixture.token}` };
    // (An unknown path below a static segment, e.g. /v1/me/x, would render the HTML not-found page: not a floor.)
    const noop = noopTarget(app.baseUrl, fixture);
    const physical: Target = { label: "node:http + pg /v1/me look-up", url: `${floor.baseUrl}/v1/me`, headers: auth, expect: 200 };
    const targets = [
      ...(await documentedGets(app.baseUrl, fixture)),
      recomputedAnalytics(app.baseUrl, fixture.params.chatbot_id!, auth, 30),
      ...chatTargets(app.baseUrl, fixture),
    ];

    // The machine is shared: its load drifts during a run. Each endpoint is compared with the no-op route of
    // its shape (record 091): static paths with the JSON 404 at `/v1`, paths with a dynamic segment with the same
    // JSON 404 below `{chatbot_id}` (a longer path through Next's `/v1` route, app/v1/[[...path]]),
    // measured just before and just after the endpoint itself: the endpoints of a shape run one after the
    // other, each between two runs of their no-op (the run after one endpoint is the run before the next).
    const dynamicNoop = dynamicNoopTarget(app.baseUrl, fixture);
    const floors = [await measure(physical)];
    const loads = [loadavg()];
    const noops: Figures[] = [];
    const dynamicNoops: Figures[] = [];
    const rows: Figures[] = [];
    for (const shape of ["static", "dynamic"] as const) {
      const [baseline, runs] = shape === "dynamic" ? [dynamicNoop, dynamicNoops] : [noop, noops];
      runs.push(await measure(baseline, SECONDS, meter));
      for (const target of targets.filter((t) => (isDynamic(t) ? "dynamic" : "static") === shape)) {
        const figures = await measure(target, SECONDS, meter);
        runs.push(await measure(baseline, SECONDS, meter));
        rows.push({ ...figures, noopRps: (runs.at(-2)!.rps + runs.at(-1)!.rps) / 2, noopShape: shape });
      }
      loads.push(loadavg());
    }
    floors.push(await measure(physical));
    console.log(`\nmachine load (1/5/15 min) at the start and after the static and the dynamic paths: ${loads.map((l) => l.map((v) => v.toFixed(2)).join(" ")).join(" | ")}`);
    report(fixture, [...noops, ...dynamicNoops], floors, rows);
  } finally {
    for (const stop of stops) await stop().catch(() => undefined);
  }
}

/**
 * `npm run build` when there is none or a source file is newer than it. Run the
 * whole benchmark under the shared lock (`flock /work/main/.wt/heavy.lock npm
 * run bench -- rest`): the build then happens under it too. BENCH_REUSE_BUILD=1
 * measures the build as it is (e.g. a before/after comparison).
 */
export function ensureProductionBuild() {
  let builtAt = 0;
  try {
    builtAt = statSync(".next/BUILD_ID").mtimeMs;
  } catch {
    // no build yet
  }
  const stale =
    !builtAt || spawnSync("find", ["src", "next.config.mjs", "package-lock.json", "-newer", ".next/BUILD_ID", "-print", "-quit"], { encoding: "utf8" }).stdout.trim() !== "";
  if (builtAt && (!stale || process.env.BENCH_REUSE_BUILD === "1")) return log("reusing the production build");
  // The whole build, as `npm test` runs it: a `next build` alone is not marked completed, and the servers refuse it.
  log("building (npm run build)");
  if (spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0) throw new Error("npm run build failed");
}

export async function documentedGets(base: string, fixture: RestFixture, opts: { onlyWithFixture?: boolean } = {}): Promise<Target[]> {
  const doc = (await (await fetch(`${base}/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
  const headers = { Authorization: `Bearer ${fixture.token}` };
  // `onlyWithFixture`: paths naming a parameter the fixture has no value for are left out (the volume bench reads the lists).
  const covered = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].every((m) => fixture.params[m[1]!]);
  return Object.entries(doc.paths)
    .filter(([template, ops]) => "get" in ops && (!opts.onlyWithFixture || covered(template)))
    .map(([template]) => {
      const concrete = template.replace(/\{(\w+)\}/g, (_, name: string) => {
        const value = fixture.params[name];
        if (!value) throw new Error(`No fixture value for the path parameter {${name}} of ${template}`);
        return value;
      });
      return { label: `GET ${template}`, url: `${base}${concrete}`, headers, expect: 200, target: GET_TARGET };
    });
}

/** Where each `rotate` list is: one turn for all its measurements, so a later run does not ask again what an earlier one just did. */
const turns = new WeakMap<string[], number>();

/** The next path of a `rotate` list. */
export function nextPath(rotate: string[]): string {
  const turn = turns.get(rotate) ?? 0;
  turns.set(rotate, turn + 1);
  return rotate[turn % rotate.length]!;
}

/**
 * Analytics recomputed on every request: periods of `days` days ending on 300 different days, asked in
 * turn, more than the server keeps (256, docs/decisions/096-analytics-kept-while-unchanged.md), so none
 * is answered from memory. Printed for comparison, with no target of its own: the documented GET asks one
 * period again and again, as a dashboard does.
 */
export function recomputedAnalytics(base: string, chatbotId: string, headers: Record<string, string>, days: number): Target {
  const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const rotate = Array.from({ length: 300 }, (_, k) => `/v1/${chatbotId}/analytics?from=${day(days + k)}&to=${day(k)}`);
  return { label: `GET /v1/{chatbot_id}/analytics, ${days} days, recomputed`, url: `${base}${rotate[0]}`, headers, expect: 200, rotate };
}

/** `/v1` itself: our JSON 404 (src/app/v1/[[...path]]/route.ts) through Next, the proxy and serve.ts, no database. */
export function noopTarget(base: string, fixture: RestFixture): Target {
  return { label: "no-op /v1 route (404, framework)", url: `${base}/v1`, headers: { Authorization: `Bearer ${fixture.token}` }, expect: 404 };
}

/** The same JSON 404 for a path of a dynamic segment's shape (`/v1/{chatbot_id}/no-such-route`), through the same route. */
export function dynamicNoopTarget(base: string, fixture: RestFixture): Target {
  return { ...noopTarget(base, fixture), label: "no-op below {chatbot_id} (404, framework)", url: `${base}/v1/${fixture.params.chatbot_id}/no-such-route` };
}

export function chatTargets(base: string, fixture: RestFixture): Target[] {
  const { chatbotId, origin } = fixture.chat;
  const message = "Do you deliver, and how much does it cost?";
  return [
    {
      label: "POST /v1/{chatbot_id}/chat (extractive)",
      url: `${base}/v1/${chatbotId}/chat`,
      method: "POST",
      headers: { Authorization: `Bearer ${fixture.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ message }),
      expect: 200,
      target: CHAT_TARGET,
    },
    {
      label: "POST /api/widget/{id}/chat (public, streamed)",
      url: `${base}/api/widget/${chatbotId}/chat`,
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify({ message, visitor_token: "__VISITOR__" }),
      expect: 200,
      target: CHAT_TARGET,
    },
  ];
}

export async function measure(target: Target, seconds = SECONDS, meter?: CpuMeter): Promise<Figures> {
  let body = target.body;
  if (body?.includes("__VISITOR__")) body = body.replace("__VISITOR__", await visitorToken(target));
  // The first requests load the route's modules and fill the pools, and check the answer.
  let bytes = 0;
  for (let i = 0; i < 20; i++) {
    const res = await fetch(target.url, { method: target.method ?? "GET", headers: target.headers, body });
    const text = await res.text();
    bytes = Buffer.byteLength(text);
    if (res.status !== target.expect) throw new Error(`${target.label}: expected ${target.expect}, got ${res.status}: ${text.slice(0, 300)}`);
  }
  const rotate = target.rotate;
  const load = {
    url: target.url,
    method: target.method ?? "GET",
    headers: target.headers,
    body,
    connections: CONNECTIONS,
    ...(rotate ? { requests: [{ setupRequest: (req: { path?: string }) => ({ ...req, path: nextPath(rotate) }) }] } : {}),
  } as const;
  // Load first, not recorded: the route's code is optimized by the JIT before it is measured (with 20 requests
  // of warm-up only, the first no-op run of a fresh server measured ~20 % under the later ones, and an endpoint's
  // first 5 s ~15 % under its next ones).
  await autocannon({ ...load, duration: WARM_UP_SECONDS });
  // Per backend: one that closes during the load takes its ticks with it, so each is counted against its own start.
  const backends = () => new Map(meter ? backendsOf(meter.database).map((pid) => [pid, cpuSeconds([pid])]) : []);
  const start = meter ? { server: cpuSeconds([meter.serverPid]), backends: backends() } : undefined;
  const result = await autocannon({ ...load, duration: seconds });
  let cpu: Figures["cpu"];
  if (meter && start) {
    let postgres = 0;
    for (const [pid, s] of backends()) postgres += s - (start.backends.get(pid) ?? 0);
    const perRequest = (s: number) => (s * 1000) / result.requests.total;
    cpu = { server: perRequest(cpuSeconds([meter.serverPid]) - start.server), postgres: perRequest(postgres) };
  }
  const unexpected = target.expect === 200 ? result.non2xx : result["2xx"];
  const failures = [unexpected ? `${unexpected} unexpected status` : "", result.errors ? `${result.errors} errors` : "", result.timeouts ? `${result.timeouts} timeouts` : ""]
    .filter(Boolean)
    .join(", ");
  const figures = { label: target.label, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failures, target: target.target, cpu };
  const cpuNote = cpu ? `, CPU/request server ${cpu.server.toFixed(2)} ms + PostgreSQL ${cpu.postgres.toFixed(2)} ms` : "";
  log(`${figures.label}: ${figures.rps.toFixed(0)} rps, p50 ${figures.p50} ms, p99 ${figures.p99} ms${cpuNote} (${bytes} bytes, load ${loadavg()[0]!.toFixed(2)})`);
  return figures;
}

/** A visitor token from one real widget answer, so the measured requests continue as a returning visitor. */
async function visitorToken(target: Target): Promise<string> {
  const res = await fetch(target.url, { method: "POST", headers: target.headers, body: JSON.stringify({ message: "Hello" }) });
  const text = await res.text();
  const done = sseFrames(text).find((f) => f.event === "done")?.data as { visitor_token?: string } | undefined;
  const token = done?.visitor_token;
  if (!token) throw new Error(`${target.label}: no visitor token (${res.status}): ${text.slice(0, 300)}`);
  return token;
}

async function startFloor(databaseUrl: string): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("scripts/bench/rest-floor.ts"), databaseUrl], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the node:http + pg floor exited (${code})`)));
    child.stdout!.on("data", (d: Buffer) => {
      const match = /listening (\d+)/.exec(d.toString());
      if (match) resolve(Number(match[1]));
    });
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  };
  return { baseUrl: `http://127.0.0.1:${port}`, stop };
}

function report(fixture: RestFixture, noops: Figures[], floors: Figures[], rows: Figures[]) {
  const floorRps = floors.reduce((sum, f) => sum + f.rps, 0) / floors.length;
  const cpu = cpus();
  const uptime = spawnSync("uptime", { encoding: "utf8" }).stdout.trim();
  const ms = (v: number | undefined) => (v === undefined ? "" : v.toFixed(2)).padStart(7);
  const cells = (f: Figures) =>
    `${f.label.padEnd(52)} ${f.rps.toFixed(0).padStart(6)} ${`${f.p50} ms`.padStart(8)} ${`${f.p99} ms`.padStart(8)} ${ms(f.cpu?.server)} ${ms(f.cpu?.postgres)}`;
  // The machine's CPU time per request at a given rate (every core busy: server, PostgreSQL, the load generator, the kernel).
  const machineMs = (rps: number) => (cpu.length * 1000) / rps;
  const line = (f: Figures) => {
    const ratio = f.rps / f.noopRps!;
    const verdict = f.target === undefined ? "" : ratio >= f.target ? `  ok (≥ ${f.target}× ${f.noopShape})` : `  BELOW ${f.target}× ${f.noopShape}`;
    const budget = f.target === undefined ? "" : ms(machineMs(f.noopRps! * f.target));
    return `  ${cells(f)} ${ms(machineMs(f.rps))} ${budget}${ratio.toFixed(2).padStart(8)}× ${(f.rps / floorRps).toFixed(2).padStart(8)}×${verdict}${f.failures ? `  [${f.failures}]` : ""}`;
  };
  console.log(`
rest benchmark — ${cpu.length} × ${cpu[0]?.model.trim() ?? "cpu"}; ${CONNECTIONS} connections, ${SECONDS} s each (autocannon, same machine);
${fixture.chatbots} chatbots in the demo agency; uptime at the end: ${uptime}

  ${"what".padEnd(52)} ${"rps".padStart(6)} ${"p50".padStart(8)} ${"p99".padStart(8)} ${"server".padStart(7)} ${"pg".padStart(7)} ${"machine".padStart(7)}
${noops.map((f, i) => `  ${cells({ ...f, label: `${f.label} #${noops.slice(0, i + 1).filter((n) => n.label === f.label).length}` })} ${ms(machineMs(f.rps))}`).join("\n")}
${floors.map((f, i) => `  ${cells({ ...f, label: `${f.label} #${i + 1}` })}`).join("\n")}

  ${"what".padEnd(52)} ${"rps".padStart(6)} ${"p50".padStart(8)} ${"p99".padStart(8)} ${"server".padStart(7)} ${"pg".padStart(7)} ${"machine".padStart(7)} ${"budget".padStart(7)} ${"/no-op".padStart(9)} ${"/floor".padStart(9)}
${rows.map(line).join("\n")}

  server, pg: CPU ms per request of the app server's process and of the PostgreSQL backends during the measured seconds.
  machine: ${cpu.length} cores' time per request at the measured rate (${cpu.length} × 1000 / rps ms: server, PostgreSQL, the load generator,
  the kernel); budget: the same at the target (the no-op's rate × the target ratio), i.e. what a request may cost to meet it.
  /no-op: against the runs of the no-op of the same shape (static /v1, or dynamic: below {chatbot_id}) just before and just after the endpoint; /floor: against the mean floor, ${floorRps.toFixed(0)} rps.
`);
}
