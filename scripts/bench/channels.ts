/**
 * Messaging channels (docs/decisions/069-messaging-channels.md): a Telegram update POSTed to the app's webhook
 * → the reply received by the local Bot API stand-in, through the whole path —
 * the inbound statement (check, de-duplicate, queue), the answer job
 * (`runTurn`: admission and credit, retrieval, the extractive answer, record
 * and charge), the send job, `sendMessage`. p50/p99 one at a time, then
 * events/s for a burst spread over many chats, then a worker killed with
 * replies in flight (./channels-crash.ts); Microsoft Teams' signed activities
 * likewise (./channels-teams.ts). The production server and one
 * worker process (`npm run worker`), as `npm start` runs them. Needs `npm run build`.
 */
import { randomBytes } from "node:crypto";
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { createApiToken } from "@/server/access";
import { ensureDatabase } from "@/server/kernel/db/bootstrap";
import { createPrismaClient } from "@/server/kernel/db/client";
import { startEmbeddedPostgres } from "@/server/kernel/db/embedded";
import { migrate } from "@/server/kernel/db/migrate";
import { BAKERY_PAGES, trainedTextSource } from "../../tests/helpers/answers-fixtures";
import { startProductionServer } from "../lib/app-server";
import { compiledFile } from "@/server/kernel/lib/compiled-runtime.mjs";
import { startTeamsStandIn } from "../lib/teams-stand-in";
import { startTelegramStandIn, textUpdate, type SentMessage } from "../lib/telegram-stand-in";
import { MICROSOFT_TEAMS, TELEGRAM } from "@/shared/integrations";
import { measureCrash } from "./channels-crash";
import { measureTeams } from "./channels-teams";

const SEQUENTIAL = Number(process.env.BENCH_CHANNEL_SEQUENTIAL ?? 200);
const BURST = Number(process.env.BENCH_CHANNEL_BURST ?? 1000);
const CHATS = Number(process.env.BENCH_CHANNEL_CHATS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CHANNEL_CONCURRENCY ?? 32);
const TOKEN = "424242:BENCHchannels";
const TEAMS_APP_ID = "0b0e0c0d-4242-4242-8242-424242424242";
const QUESTION = "When is the bakery open on Saturday?";

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;

function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [compiledFile("worker")], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve) => child.stdout!.on("data", (d: Buffer) => d.toString().includes("running") && resolve(child)));
}

export async function runChannelsBenchmark() {
  console.log("\nchannels (Telegram: inbound update → reply at the Bot API)");
  process.on("uncaughtException", (error: Error & { code?: string }) => {
    if (error.code === "57P01") return; // pooled connections end when the database stops
    throw error;
  });
  const server = await startEmbeddedPostgres({ dataDir: path.resolve(".data/bench/channels-pg"), ephemeral: true });
  try {
    await measure(server.url(), server.url("bench_channels"));
  } finally {
    await server.stop();
  }
}

async function measure(adminUrl: string, url: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query("DROP DATABASE IF EXISTS bench_channels WITH (FORCE)");
  await admin.end();
  await ensureDatabase(adminUrl, "bench_channels");
  await migrate(url);
  const db = createPrismaClient(url);
  const owner = await db.user.create({ data: { email: `bench-${Date.now()}@example.test`, name: "Bench" } });
  const team = await db.team.create({ data: { kind: "client", name: "Bench bakery", ownerId: owner.id, messageLimit: 1_000_000, enabledIntegrations: [TELEGRAM, MICROSOFT_TEAMS] } });
  await db.membership.create({ data: { teamId: team.id, userId: owner.id, role: "admin" } });
  const bot = await db.chatbot.create({ data: { teamId: team.id, userId: owner.id, name: "Bench Bot" } });
  for (const page of BAKERY_PAGES) await trainedTextSource(db, bot.id, page);
  const { token } = await createApiToken(db, owner.id, "bench");

  const telegram = await startTelegramStandIn();
  telegram.addBot(TOKEN, "bench_bot");
  const arrivals = new Map<string, Array<(m: SentMessage) => void>>();
  telegram.onSent = (m) => arrivals.get(m.chat_id)?.shift()?.(m);
  const reply = (chatId: number) => new Promise<SentMessage>((resolve) => arrivals.set(String(chatId), [...(arrivals.get(String(chatId)) ?? []), resolve]));

  const bf = await startTeamsStandIn();
  bf.addBot(TEAMS_APP_ID, "bench-teams-password");
  const env = { TELEGRAM_API_BASE_URL: telegram.baseUrl, TEAMS_OPENID_METADATA_URL: bf.metadataUrl, TEAMS_TOKEN_URL: bf.tokenUrl, ENCRYPTION_KEY: randomBytes(32).toString("base64"), DATABASE_URL: url };
  const app = await startProductionServer(url, "bench-secret-bench-secret-bench-secret-0", env);
  let worker = await startWorker(env);
  try {
    const connected = await fetch(`${app.baseUrl}/v1/${bot.id}/channels`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ kind: TELEGRAM, credentials: { bot_token: TOKEN } }),
    }).then((r) => r.json() as Promise<{ status: string }>);
    if (connected.status !== "connected") throw new Error(`channel not connected: ${JSON.stringify(connected)}`);

    let updateId = 1;
    const roundTrip = async (chatId: number) => {
      const arrived = reply(chatId);
      const t0 = performance.now();
      const status = await telegram.deliver(TOKEN, textUpdate(updateId++, chatId, QUESTION));
      const accepted = performance.now() - t0;
      if (status !== 200) throw new Error(`webhook answered ${status}`);
      const m = await arrived;
      if (!m.text.includes("8 am to 2 pm")) throw new Error(`unexpected reply: ${m.text}`);
      return { accepted, total: performance.now() - t0 };
    };

    for (let i = 0; i < 20; i++) await roundTrip(1_000_000 + i); // warm-up: plans, connections, JIT

    // 1. One at a time: the path's own latency.
    const totals: number[] = [];
    const accepted: number[] = [];
    for (let i = 0; i < SEQUENTIAL; i++) {
      const r = await roundTrip(2_000_000 + (i % CHATS));
      totals.push(r.total);
      accepted.push(r.accepted);
    }
    console.log(`  one at a time (${SEQUENTIAL} updates): update → reply p50 ${ms(pct(totals, 50))}, p99 ${ms(pct(totals, 99))}; webhook answered p50 ${ms(pct(accepted, 50))}, p99 ${ms(pct(accepted, 99))}`);

    // 2. A burst over many chats, CONCURRENCY deliveries in flight (Telegram sends each bot's updates on up to 40 connections).
    const before = (await db.team.findUniqueOrThrow({ where: { id: team.id } })).messagesUsed;
    const burstTotals: number[] = [];
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        const pending: Array<Promise<void>> = [];
        while (next < BURST) {
          const i = next++;
          const chat = 3_000_000 + (i % CHATS);
          const arrived = reply(chat);
          const started = performance.now();
          const status = await telegram.deliver(TOKEN, textUpdate(updateId++, chat, QUESTION));
          if (status !== 200) throw new Error(`webhook answered ${status}`);
          pending.push(arrived.then(() => void burstTotals.push(performance.now() - started)));
        }
        await Promise.all(pending);
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const charged = (await db.team.findUniqueOrThrow({ where: { id: team.id } })).messagesUsed - before;
    console.log(
      `  burst (${BURST} updates over ${CHATS} chats, ${CONCURRENCY} in flight): ${(BURST / seconds).toFixed(0)} events/s; update → reply p50 ${ms(pct(burstTotals, 50))}, p99 ${ms(pct(burstTotals, 99))}; charged ${charged} (expected ${BURST})`,
    );
    console.log("  target: ≥ 100 events/s, p50 < 100 ms (extractive answers, metered)");

    // 3. The same path for Microsoft Teams: a signed activity verified, answered, posted to its Bot Connector.
    const teamsChannel = await fetch(`${app.baseUrl}/v1/${bot.id}/channels`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ kind: MICROSOFT_TEAMS, credentials: { app_id: TEAMS_APP_ID, app_password: "bench-teams-password" } }),
    }).then((r) => r.json() as Promise<{ status: string; webhook_url: string }>);
    if (teamsChannel.status !== "connected") throw new Error(`Teams channel not connected: ${JSON.stringify(teamsChannel)}`);
    await measureTeams({ bf, endpoint: teamsChannel.webhook_url, appId: TEAMS_APP_ID, question: QUESTION, expect: "8 am to 2 pm", sequential: Math.min(SEQUENTIAL, 100), burst: Math.min(BURST, 300), concurrency: Math.min(CONCURRENCY, 16) });

    // 4. A crash with replies in flight: its own workers, the first killed.
    worker.kill("SIGTERM");
    await new Promise((r) => worker.once("exit", r));
    worker = await measureCrash({ db, telegram, token: TOKEN, teamId: team.id, question: QUESTION, firstUpdateId: 10_000_000, startWorker: (extra) => startWorker({ ...env, ...extra }) });
  } finally {
    if (worker.exitCode === null && worker.signalCode === null) {
      worker.kill("SIGTERM");
      await new Promise((r) => worker.once("exit", r));
    }
    await app.stop();
    await telegram.stop();
    await bf.stop();
    await db.$disconnect();
  }
}
