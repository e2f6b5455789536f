import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { APP_DATABASE, ensureDatabase } from "@/server/kernel/db/bootstrap";
import { createPrismaClient, type Db } from "@/server/kernel/db/client";
import { freePort, startEmbeddedPostgres, type EmbeddedServer } from "@/server/kernel/db/embedded";
import { migrate } from "@/server/kernel/db/migrate";
import { buildIsFresh } from "../../scripts/lib/freshness.mjs";
import { onCleanup } from "../helpers/cleanup";
import { agencyOwner, chatbot } from "../helpers/fixtures";
import { startAppServer } from "../helpers/server";
import { startWorkerProcess } from "../helpers/worker-process";

/**
 * The database going away (docs/decisions/048-the-database-going-away.md). While PostgreSQL is down the product answers 503 `{message}`
 * with `Retry-After` (REST, the widget API, health), never 500; when it is back (restarted by `npm start`'s
 * supervision of its embedded server, or by whoever runs a `DATABASE_URL` server) the same processes answer
 * again and the workers run jobs.
 */
const NO_LIMITS = { RATE_LIMIT_API_PER_MINUTE: "1000000", RATE_LIMIT_WIDGET_PER_MINUTE: "100000" };

interface Product {
  base: string;
  token: string;
  botId: string;
  email: string;
}

/** An agency owner's token and a chatbot of a client workspace, written straight into the database. */
async function fixtures(url: string): Promise<Omit<Product, "base">> {
  const db: Db = createPrismaClient(url);
  try {
    const owner = await agencyOwner(db);
    const team = await db.team.create({
      data: { kind: "client", name: "Outage Co", plan: "agency_client", ownerId: owner.agency.ownerId, agencyId: owner.agency.id, messageLimit: 100 },
    });
    const bot = await chatbot(db, team.id, owner.user.id, "Outage Bot");
    return { token: owner.token, botId: bot.id, email: owner.user.email };
  } finally {
    await db.$disconnect();
  }
}

interface Answer {
  status: number;
  json: boolean;
  message: unknown;
  retryAfter: string | null;
}

async function probe(url: string, token?: string): Promise<Answer> {
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const text = await res.text();
  let body: { message?: unknown } | null = null;
  try {
    body = JSON.parse(text) as { message?: unknown };
  } catch {
    /* not JSON: the check below says so */
  }
  return { status: res.status, json: (res.headers.get("content-type") ?? "").startsWith("application/json") && body !== null, message: body?.message, retryAfter: res.headers.get("retry-after") };
}

/** What REST, the widget API and health answer now. */
async function answers(p: Product) {
  return {
    rest: await probe(`${p.base}/v1/me`, p.token),
    widget: await probe(`${p.base}/api/widget/${p.botId}/config`),
    health: await probe(`${p.base}/api/health`),
  };
}

/** Every answer of an outage: 503, JSON with a message, and Retry-After. */
function expectUnavailable(answer: Answer) {
  expect(answer).toEqual({ status: 503, json: true, message: expect.any(String), retryAfter: expect.stringMatching(/^\d+$/) });
}

/**
 * Polls REST, the widget API and health until all answer 200 after at least one answer of the outage (a
 * request right after a SIGKILL may still reach a backend that has not yet noticed its postmaster's death).
 * Every answer that is not 200 must be the outage's 503. Returns how many outage answers there were.
 */
async function untilBack(p: Product, deadlineMs: number, outageSeen = 0): Promise<number> {
  const deadline = Date.now() + deadlineMs;
  let outage = outageSeen;
  for (;;) {
    const now = Object.values(await answers(p));
    for (const answer of now) if (answer.status !== 200) expectUnavailable(answer);
    outage += now.filter((a) => a.status !== 200).length;
    if (outage > 0 && now.every((a) => a.status === 200)) return outage;
    if (Date.now() > deadline) throw new Error(`the product did not come back within ${deadlineMs} ms: ${JSON.stringify(now)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A job still runs: a text source is trained by the workers. */
async function trainsASource(p: Product) {
  const headers = { Authorization: `Bearer ${p.token}`, "Content-Type": "application/json", Accept: "application/json" };
  const created = await fetch(`${p.base}/v1/${p.botId}/sources`, { method: "POST", headers, body: JSON.stringify({ type: "text", title: "Hours", text: "Open from nine to five." }) });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const deadline = Date.now() + 30_000;
  for (;;) {
    const list = (await (await fetch(`${p.base}/v1/${p.botId}/sources`, { headers })).json()) as Array<{ id: string; status: string }>;
    const source = list.find((s) => s.id === id);
    if (source?.status === "trained") return;
    if (Date.now() > deadline) throw new Error(`the source was not trained: ${JSON.stringify(source)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A dashboard session (next-auth credentials) of the fixtures' user, as a Cookie header. */
async function signIn(p: Product): Promise<string> {
  const csrf = await fetch(`${p.base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0] ?? "").join("; ");
  const res = await fetch(`${p.base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams({ email: p.email, password: "password-123", csrfToken, json: "true" }),
  });
  const session = res.headers.getSetCookie().map((c) => c.split(";")[0] ?? "").filter((c) => c.includes("session-token"));
  expect(session).toHaveLength(1);
  return [cookie, ...session].join("; ");
}

/** The dashboard's tRPC with a session (its context reads the user): the status only, its error body is tRPC's. */
const trpcStatus = async (p: Product, cookie: string) => (await fetch(`${p.base}/api/trpc/apiTokens.list`, { headers: { Cookie: cookie } })).status;

const postmasterPid = (dataDir: string) => Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);

function tempDir(prefix: string): string {
  mkdirSync(path.resolve(".data/test"), { recursive: true });
  const dir = mkdtempSync(path.resolve(".data/test", prefix));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** `npm start`'s launcher itself (scripts/launch.mjs) in a temporary DATA_DIR, once it says it is running. */
async function startLauncher() {
  // `npm start` builds when the build is stale; a test must not build behind the other tests' backs.
  if (!buildIsFresh()) throw new Error("The production build is stale: run `npm run build` first (npm test does).");
  const dataDir = tempDir("outage-start-");
  const [port, pgPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...NO_LIMITS,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: base,
    EMBEDDED_PG_PORT: String(pgPort),
    SEED_DEMO_DATA: "false",
    NODE_ENV: "production",
  };
  delete env.DATABASE_URL;
  // Its own process group: should it not stop by itself, nothing it started outlives the test.
  const start: ChildProcess = spawn(process.execPath, ["scripts/launch.mjs"], { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const log = { output: "" };
  start.stdout!.on("data", (d: Buffer) => (log.output += d.toString()));
  start.stderr!.on("data", (d: Buffer) => (log.output += d.toString()));
  onCleanup(async () => {
    if (start.exitCode === null && start.signalCode === null) {
      const exited = once(start, "exit");
      start.kill("SIGTERM");
      const late = setTimeout(() => process.kill(-start.pid!, "SIGKILL"), 20_000);
      await exited;
      clearTimeout(late);
    }
    try {
      process.kill(-start.pid!, "SIGKILL"); // whatever is left of the group
    } catch {
      /* nothing left */
    }
  });
  for (let i = 0; !log.output.includes("is running"); i++) {
    if (start.exitCode !== null) throw new Error(`npm start exited:\n${log.output}`);
    if (i > 480) throw new Error(`npm start did not come up:\n${log.output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const product = { base, ...(await fixtures(`postgresql://postgres:postgres@127.0.0.1:${pgPort}/${APP_DATABASE}`)) };
  return { start, log, dataDir, product };
}

/** Whether a process runs (a zombie waiting for whoever adopted it to reap it has exited). */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
};

describe("npm start, its embedded PostgreSQL killed", () => {
  it("answers 503 while it is down, restarts it on the same port, and serves and runs jobs again", { timeout: 150_000 }, async () => {
    const { start, log, dataDir, product } = await startLauncher();
    expect((await answers(product)).rest.status).toBe(200);
    // Production runs compiled JavaScript: the supervisor and the web server it started, no TypeScript loader.
    const commands = execFileSync("ps", ["-o", "args=", "-g", String(start.pid)], { encoding: "utf8" });
    expect(commands).toMatch(/node scripts\/launch\.mjs/);
    expect(commands).toMatch(/node \S*dist\/serve\.mjs/);
    expect(commands).not.toMatch(/tsx/);

    const pgData = path.join(dataDir, "postgres");
    const killed = postmasterPid(pgData);
    process.kill(killed, "SIGKILL");
    expect(await untilBack(product, 45_000)).toBeGreaterThan(0);
    expect(postmasterPid(pgData)).not.toBe(killed);
    expect(log.output).toMatch(/embedded PostgreSQL .*restarted/);
    await trainsASource(product);
  });
});

describe("npm start, its launcher killed", () => {
  it("takes the web server and the embedded PostgreSQL with it (SIGKILL runs no handler)", { timeout: 120_000 }, async () => {
    const { start, dataDir, product } = await startLauncher();
    // Health reports the workers the launcher hosts.
    const health = (await (await fetch(`${product.base}/api/health`)).json()) as { status: string; workers: { alive: boolean } };
    expect(health).toMatchObject({ status: "ok", workers: { alive: true } });
    const server = Number(execFileSync("pgrep", ["-P", String(start.pid), "-f", "dist/serve.mjs"], { encoding: "utf8" }).trim());
    const postgres = postmasterPid(path.join(dataDir, "postgres"));
    expect(alive(server) && alive(postgres)).toBe(true);

    start.kill("SIGKILL");
    const deadline = Date.now() + 10_000;
    while ((alive(server) || alive(postgres)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect({ server: alive(server), postgres: alive(postgres) }).toEqual({ server: false, postgres: false });
  });
});

describe("DATABASE_URL, the PostgreSQL server restarted under the app", () => {
  it("answers 503 while it is down and reconnects by itself: web server and worker process", async () => {
    const dataDir = path.join(tempDir("outage-url-"), "pg");
    const pgPort = await freePort();
    let pg: EmbeddedServer = await startEmbeddedPostgres({ dataDir, port: pgPort, ephemeral: true });
    onCleanup(() => pg.stop());
    await ensureDatabase(pg.url(), APP_DATABASE);
    const url = pg.url(APP_DATABASE);
    await migrate(url);
    const app = await startAppServer(url, NO_LIMITS);
    await startWorkerProcess(url);
    const product = { base: app.baseUrl, ...(await fixtures(url)) };
    expect((await answers(product)).rest.status).toBe(200);
    const session = await signIn(product);
    expect(await trpcStatus(product, session)).toBe(200);

    await pg.stop(); // a fast shutdown: the server ends every session (57P01), then refuses connections
    const rounds = 5;
    for (let i = 0; i < rounds; i++) {
      for (const answer of Object.values(await answers(product))) expectUnavailable(answer);
      expect(await trpcStatus(product, session)).toBe(503);
    }
    // The share page (an HTML page): 503 with Retry-After, the panel saying it is away for a moment.
    const share = await fetch(`${product.base}/chat/${product.botId}`);
    expect(share.status).toBe(503);
    expect(share.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(share.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await share.text()).toMatch(/"open":false,"reason":"interrupted","face":null,"leads":null/);
    // A dashboard page (a server component reading the database): "we'll be right back", 503 with Retry-After, not Next's 500.
    const page = await fetch(`${product.base}/home`, { headers: { Cookie: session, Accept: "text/html" }, redirect: "manual" });
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await page.text()).toContain("We'll be right back");
    // The browser's session survives the outage: next-auth does not take the unreachable database for a revoked session.
    const kept = await fetch(`${product.base}/api/auth/session`, { headers: { Cookie: session } });
    expect(((await kept.json()) as { userId?: string }).userId).toEqual(expect.any(String));
    expect(kept.headers.getSetCookie().filter((c) => c.includes("session-token") && /max-age=0|expires=Thu, 01 Jan 1970/i.test(c))).toEqual([]);
    pg = await startEmbeddedPostgres({ dataDir, port: pgPort, ephemeral: true });
    await untilBack(product, 30_000, rounds);
    expect(await trpcStatus(product, session)).toBe(200);
    expect((await fetch(`${product.base}/home`, { headers: { Cookie: session }, redirect: "manual" })).status).toBe(200);
    await trainsASource(product);
  });
});
