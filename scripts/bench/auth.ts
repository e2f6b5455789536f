/**
 * `npm run bench -- auth`: does sign-in starve the API, and does its timing
 * reveal which accounts exist? (docs/decisions/029-sign-in-and-password-reset.md)
 *
 * Runs the production build twice on its own embedded PostgreSQL: once with
 * the protections off (`AUTH_PROTECTIONS_DISABLED=true`: no KDF bound, no
 * dummy hash, no throttle — the code as it was) as the baseline, once as
 * shipped. Each run prints:
 * - wrong-password sign-in time for an unknown vs a known account (median of 5);
 * - `GET /v1/me` throughput and p50/p99 with 4 callers for 8 s, alone and
 *   during a wrong-password storm (6 attempts/s, each from a new IP and a new
 *   email, so neither the account lock nor the IP throttle applies: only the
 *   bounded KDF work protects the API).
 */
import { mkdirSync } from "node:fs";
import { availableParallelism, cpus, loadavg } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createApiToken } from "@/server/access";
import { ensureDatabase } from "@/server/kernel/db/bootstrap";
import { createPrismaClient } from "@/server/kernel/db/client";
import { startEmbeddedPostgres } from "@/server/kernel/db/embedded";
import { migrate } from "@/server/kernel/db/migrate";
import { createUser } from "@/server/accounts";
import { startProductionServer } from "../lib/app-server";

const DATA_DIR = path.resolve(".data/bench-auth");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CALLERS = 4;
const STORM_PER_SECOND = 6;
const EMAIL = "known@bench.test";
const PASSWORD = "the-right-password";
const log = (m: string) => console.log(`[bench] ${m}`);

interface Figures {
  unknownMs: number;
  knownMs: number;
  quiet: Throughput;
  storm: Throughput & { attempts: Record<number, number> };
}

interface Throughput {
  perSecond: number;
  p50: number;
  p99: number;
}

export async function runAuthBenchmark() {
  mkdirSync(DATA_DIR, { recursive: true });
  const pgServer = await startEmbeddedPostgres({ dataDir: path.join(DATA_DIR, "postgres"), ephemeral: true });
  try {
    await ensureDatabase(pgServer.url(), "bench_auth");
    const url = pgServer.url("bench_auth");
    await migrate(url);
    const db = createPrismaClient(url);
    await db.rateLimit.deleteMany();
    let user = await db.user.findUnique({ where: { email: EMAIL } });
    if (!user) user = (await createUser(db, { email: EMAIL, name: "Known", password: PASSWORD })).user;
    const { token } = await createApiToken(db, user.id, "bench");

    const before = await measureRun(url, token, { AUTH_PROTECTIONS_DISABLED: "true" }, "baseline: protections off (as before record 029)");
    await db.rateLimit.deleteMany();
    const after = await measureRun(url, token, {}, "protections on");
    await db.$disconnect();

    const cpu = cpus();
    console.log(`
auth benchmark — machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? "cpu"} (available parallelism ${availableParallelism()}), load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ")}; ${CALLERS} callers on GET /v1/me for ${SECONDS} s; storm ${STORM_PER_SECOND} wrong passwords/s from new IPs and emails

                                              before (baseline)     after
  sign-in, wrong password, unknown account    ${ms(before.unknownMs).padEnd(22)}${ms(after.unknownMs)}
  sign-in, wrong password, known account      ${ms(before.knownMs).padEnd(22)}${ms(after.knownMs)}
  /v1/me alone: requests/s                    ${before.quiet.perSecond.toFixed(0).padEnd(22)}${after.quiet.perSecond.toFixed(0)}
  /v1/me alone: p50 / p99                     ${`${ms(before.quiet.p50)} / ${ms(before.quiet.p99)}`.padEnd(22)}${ms(after.quiet.p50)} / ${ms(after.quiet.p99)}
  /v1/me during storm: requests/s             ${before.storm.perSecond.toFixed(0).padEnd(22)}${after.storm.perSecond.toFixed(0)}
  /v1/me during storm: p50 / p99              ${`${ms(before.storm.p50)} / ${ms(before.storm.p99)}`.padEnd(22)}${ms(after.storm.p50)} / ${ms(after.storm.p99)}
  storm answers (status × count)              ${statusSummary(before.storm.attempts).padEnd(22)}${statusSummary(after.storm.attempts)}
`);
  } finally {
    await pgServer.stop();
  }
}

async function measureRun(url: string, token: string, env: Record<string, string>, label: string): Promise<Figures> {
  log(`${label}: starting the production server`);
  const app = await startProductionServer(url, "bench-secret-bench-secret-bench-secret-01", { ...env, TRUST_PROXY: "true" });
  try {
    const signIn = signInClient(app.baseUrl);
    await signIn("warm-up@bench.test", "x", "192.0.2.1");
    const unknown: number[] = [];
    const known: number[] = [];
    for (let i = 0; i < 5; i++) {
      unknown.push(await timed(() => signIn(`nobody-${i}@bench.test`, "wrong", `192.0.2.${10 + i}`)));
      known.push(await timed(() => signIn(EMAIL, "wrong", `192.0.2.${20 + i}`)));
    }
    log(`${label}: /v1/me alone`);
    const quiet = await hammer(app.baseUrl, token);
    log(`${label}: /v1/me during the storm`);
    const attempts: Record<number, number> = {};
    let stop = false;
    let n = 0;
    const inFlight: Promise<void>[] = [];
    const storm = (async () => {
      while (!stop) {
        const i = n++;
        inFlight.push(
          signIn(`storm-${i}@bench.test`, "wrong", `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`).then(
            (status) => void (attempts[status] = (attempts[status] ?? 0) + 1),
            () => void (attempts[0] = (attempts[0] ?? 0) + 1),
          ),
        );
        await sleep(1000 / STORM_PER_SECOND);
      }
    })();
    await sleep(1000);
    const stormed = await hammer(app.baseUrl, token);
    stop = true;
    await storm;
    await Promise.all(inFlight);
    return { unknownMs: median(unknown), knownMs: median(known), quiet, storm: { ...stormed, attempts } };
  } finally {
    await app.stop();
  }
}

/** One credentials sign-in the way next-auth's `signIn()` sends it; resolves with the HTTP status. */
function signInClient(base: string) {
  return async (email: string, password: string, ip: string): Promise<number> => {
    const csrf = await fetch(`${base}/api/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookie = csrf.headers
      .getSetCookie()
      .map((c) => c.split(";")[0] ?? "")
      .join("; ");
    const res = await fetch(`${base}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, "X-Forwarded-For": ip },
      body: new URLSearchParams({ email, password, csrfToken, json: "true" }),
    });
    await res.arrayBuffer();
    return res.status;
  };
}

async function hammer(base: string, token: string): Promise<Throughput> {
  const latencies: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const res = await fetch(`${base}/v1/me`, { headers: { Authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`/v1/me answered ${res.status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / SECONDS, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99) };
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const median = (xs: number[]) => quantile([...xs].sort((a, b) => a - b), 0.5);
const ms = (x: number) => `${x.toFixed(0)} ms`;
const statusSummary = (attempts: Record<number, number>) =>
  Object.entries(attempts)
    .map(([s, c]) => `${s}×${c}`)
    .join(" ");
