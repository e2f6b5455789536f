/**
 * `npm run bench -- rest-profile` (docs/decisions/093-native-spread-in-trpc.md): where the production server's
 * CPU goes while one endpoint of the rest benchmark is under load. The server
 * (scripts/serve.ts, as rest.ts starts it) runs with `--cpu-prof`; after the
 * load it is stopped, and the profile's self time is summed by function and
 * by package (node_modules/<package>, our src/, node: internals, GC, idle).
 * `BENCH_PROFILE=<part of a label>` picks the endpoint (default: the
 * conversations list); `BENCH_SECONDS` the load's length (default 8).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { ensureDatabase } from "@/server/kernel/db/bootstrap";
import { createPrismaClient } from "@/server/kernel/db/client";
import { startEmbeddedPostgres } from "@/server/kernel/db/embedded";
import { migrate } from "@/server/kernel/db/migrate";
import { startProductionServer } from "../lib/app-server";
import { chatTargets, documentedGets, dynamicNoopTarget, ensureProductionBuild, measure, noopTarget } from "./rest";
import { seedRestFixture } from "./rest-fixtures";

const DATA_DIR = path.resolve(".data/bench/rest-profile");
const PROFILE_DIR = path.join(DATA_DIR, "cpu");

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  startTime: number;
  endTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export async function runRestProfile() {
  ensureProductionBuild();
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(PROFILE_DIR, { recursive: true });
  const pgServer = await startEmbeddedPostgres({ dataDir: path.join(DATA_DIR, "postgres"), ephemeral: true });
  try {
    await ensureDatabase(pgServer.url(), "bench_rest_profile");
    const url = pgServer.url("bench_rest_profile");
    await migrate(url);
    const db = createPrismaClient(url);
    const app = await startProductionServer(
      url,
      "bench-secret-bench-secret-bench-secret-prof",
      {
        DATA_DIR,
        WORKERS_ENABLED: "false",
        RATE_LIMIT_WIDGET_PER_MINUTE: "100000",
      },
      ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`],
    );
    try {
      const fixture = await seedRestFixture(db, app.baseUrl);
      const wanted = process.env.BENCH_PROFILE ?? "conversations";
      const targets = [
        noopTarget(app.baseUrl, fixture),
        dynamicNoopTarget(app.baseUrl, fixture),
        ...(await documentedGets(app.baseUrl, fixture)),
        ...chatTargets(app.baseUrl, fixture),
      ];
      const target = targets.find((t) => t.label.includes(wanted));
      if (!target) throw new Error(`No endpoint matches "${wanted}": ${targets.map((t) => t.label).join(", ")}`);
      const server = app.child.pid!;
      const before = { server: cpuSeconds([server]), postgres: cpuSeconds(backendsOf("bench_rest_profile")) };
      const figures = await measure(target, Number(process.env.BENCH_SECONDS ?? 8));
      const requests = figures.rps * Number(process.env.BENCH_SECONDS ?? 8);
      const server_ = cpuSeconds([server]) - before.server;
      // Backends opened during the load count in full; ones closed during it are missed (the pools keep theirs).
      const postgres = cpuSeconds(backendsOf("bench_rest_profile")) - before.postgres;
      console.log(
        `CPU per request: server ${((server_ / requests) * 1000).toFixed(2)} ms, PostgreSQL backends ${((postgres / requests) * 1000).toFixed(2)} ms (${requests.toFixed(0)} requests)`,
      );
    } finally {
      await app.stop();
      await db.$disconnect();
    }
  } finally {
    await pgServer.stop();
  }
  const file = readdirSync(PROFILE_DIR).find((f) => f.endsWith(".cpuprofile"));
  if (!file) throw new Error("The server wrote no CPU profile.");
  report(JSON.parse(readFileSync(path.join(PROFILE_DIR, file), "utf8")) as CpuProfile, Number(process.env.BENCH_SECONDS ?? 8));
}

/** utime + stime of these processes, in seconds (Linux /proc; clock ticks of 1/100 s). */
export function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /, "").split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return ticks / 100;
}

/** The PostgreSQL backends connected to this database (their title names it). */
export function backendsOf(database: string): number[] {
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(` ${database} `);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Self time by function and package, over the load only: the last `seconds` of the profile (the server stops right after it). */
export function report(profile: CpuProfile, seconds: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  const from = profile.endTime - seconds * 1e6;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at >= from) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let total = 0;
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    total += us;
    const where = packageOf(url, functionName);
    byPackage.set(where, (byPackage.get(where) ?? 0) + us);
    const name = `${functionName || "(anonymous)"} ${shortUrl(url)}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  }
  const busy = total - (byPackage.get("(idle)") ?? 0);
  const rows = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `  ${((us / busy) * 100).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`)
      .join("\n");
  console.log(`\nCPU profile of the server during the load (${(total / 1e6).toFixed(1)} s, ${(busy / 1e6).toFixed(1)} s busy; % of busy time; load ${loadavg()[0]!.toFixed(2)})
By package:\n${rows(byPackage, 20)}\nBy function (self time):\n${rows(byFunction, 40)}\n`);
}

function packageOf(url: string, functionName: string): string {
  if (functionName === "(idle)" || functionName === "(program)" || functionName === "(garbage collector)") return functionName;
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  if (url.includes("/.next/")) return ".next (bundled app and framework)";
  if (url.startsWith("node:")) return "node: internals";
  if (url.includes("/src/") || url.includes("/scripts/")) return "our source";
  return url ? "other" : "(native/unknown)";
}

const shortUrl = (url: string) => url.replace(/^.*node_modules\//, "").replace(/^.*\/\.next\//, ".next/").replace(/^file:\/\/.*\/(src|scripts)\//, "$1/");
