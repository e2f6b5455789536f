import { randomBytes } from "node:crypto";
import { once } from "node:events";
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { enqueue } from "@/server/kernel/jobs/registry";
import { startTelegramStandIn, textUpdate, type TelegramStandIn } from "../../scripts/lib/telegram-stand-in";
import { BAKERY_PAGES, trainedTextSource } from "../helpers/answers-fixtures";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot } from "../helpers/fixtures";
import { apiClient } from "../helpers/http";
import { startAppServer } from "../helpers/server";
import { killWorkerProcesses, startWorkerProcess } from "../helpers/worker-process";

/**
 * A provider's event is answered exactly once across a crash
 * (docs/decisions/083-channel-answers-once-across-a-crash.md). A real worker
 * process kills itself (SIGKILL) at one step of the answer job
 * (`CHANNEL_FAILPOINT`, a test hook): after the turn committed, or after the
 * reply left. A new worker starts; once the dead one's heartbeat is stale
 * (docs/decisions/084-jobs-of-a-killed-worker.md; bounds shortened here to 1 s
 * beats and 3 s) the sweep unlocks its job — not graphile-worker's 4-hour lock
 * expiry — and the new worker retries it: one visitor message, one answer, one
 * charge, one reply at Telegram. A live worker inside a long job keeps it.
 */
let db: Db;
let url: string;
let tg: TelegramStandIn;
let env: Record<string, string>;
let teamId: string;
let botId: string;
const TOKEN = "424242:CrashBakeryBot-token";
const DEAD_AFTER_SECONDS = 3;
let updateId = 9000;

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.db;
  url = created.url;
  tg = await startTelegramStandIn();
  tg.addBot(TOKEN, "crash_bakery_bot");
  const owner = await agencyOwner(db);
  await db.team.update({ where: { id: owner.agency.id }, data: { includedIntegrations: ["messaging_app_2"] } });
  const team = await db.team.create({
    data: { kind: "client", name: "Bakery", plan: "agency_client", ownerId: owner.agency.ownerId, agencyId: owner.agency.id, messageLimit: 100, enabledIntegrations: ["messaging_app_2"] },
  });
  teamId = team.id;
  botId = (await chatbot(db, team.id, owner.user.id, "Bakery Bot")).id;
  for (const page of BAKERY_PAGES) await trainedTextSource(db, botId, page);
  env = {
    TELEGRAM_API_BASE_URL: tg.baseUrl,
    ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    CHANNEL_SEND_ATTEMPTS: "3",
    WORKER_HEARTBEAT_SECONDS: "1",
    WORKER_DEAD_AFTER_SECONDS: String(DEAD_AFTER_SECONDS),
  };
  const api = apiClient((await startAppServer(url, env)).baseUrl);
  const connected = await api("POST", `/v1/${botId}/channels`, { token: owner.token, body: { kind: "messaging_app_2", credentials: { bot_token: TOKEN } } });
  expect(connected.body.status).toBe("connected");
}, 120_000);

afterAll(async () => {
  await killWorkerProcesses();
  await tg?.stop();
});

async function waitFor<T>(read: () => Promise<T | null | undefined | false>): Promise<T> {
  for (;;) {
    const value = await read();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Channel jobs still to run (a job that spent its attempts stays in the table, failed: not waited for). */
const pendingChannelJobs = async () =>
  Number((await db.$queryRawUnsafe<Array<{ n: bigint }>>(`SELECT count(*) AS n FROM graphile_worker.jobs WHERE task_identifier LIKE 'channel_%' AND attempts < max_attempts`))[0]!.n);

async function charges() {
  const team = await db.team.findUniqueOrThrow({ where: { id: teamId } });
  return { used: team.messagesUsed, ledger: await db.creditLedgerEntry.count({ where: { teamId, kind: "charge" } }) };
}

/** Sends one message to a worker that dies at `failpoint`; then a new worker finishes what it left. */
async function crashThenRestart(failpoint: "after-turn" | "after-reply", chatId: number, before?: () => void) {
  // Only the worker that will die may take the event.
  await killWorkerProcesses();
  const worker: ChildProcess = await startWorkerProcess(url, { ...env, CHANNEL_FAILPOINT: failpoint });
  const exited = once(worker, "exit");
  before?.();
  expect(await tg.deliver(TOKEN, textUpdate(++updateId, chatId, "When is the bakery open on Saturday?"))).toBe(200);
  await exited;
  const killedAt = Date.now();
  expect(worker.signalCode).toBe("SIGKILL");
  const atCrash = { replies: tg.sent.filter((m) => m.chat_id === String(chatId)).length, messages: await db.message.count({ where: { chatbotId: botId, conversation: { visitor: { visitorKey: { endsWith: `:${chatId}` } } } } }) };
  // The dead worker's job stays locked (graphile-worker alone would free it after 4 hours) until the sweep.
  expect(await lockedChannelJobs()).toBe(1);
  await startWorkerProcess(url, env);
  return { atCrash, update: updateId, killedAt };
}

const lockedChannelJobs = async () =>
  Number((await db.$queryRawUnsafe<Array<{ n: bigint }>>(`SELECT count(*) AS n FROM graphile_worker.jobs WHERE task_identifier LIKE 'channel_%' AND locked_at IS NOT NULL`))[0]!.n);

/** The chat's conversation, its messages, and the replies Telegram took, once every channel job is done. */
async function outcome(chatId: number) {
  await waitFor(async () => (await pendingChannelJobs()) === 0);
  const conversations = await db.conversation.findMany({ where: { chatbotId: botId, visitor: { visitorKey: { endsWith: `:${chatId}` } } }, include: { messages: { orderBy: { createdAt: "asc" } } } });
  return { conversations, replies: tg.sent.filter((m) => m.chat_id === String(chatId)) };
}

describe("a channel answer whose worker dies", () => {
  it("after the turn committed, before the reply: the retry sends the recorded answer, recorded and charged once", async () => {
    const before = await charges();
    const { atCrash, killedAt } = await crashThenRestart("after-turn", 501);
    expect(atCrash).toEqual({ replies: 0, messages: 2 });
    const answered = await tg.nextMessage("501");
    // A figure for the record (docs/decisions/084), not an assertion: the bound plus the sweep's and the poll's delays.
    console.info(`[channels-crash] kill → answer at Telegram: ${answered.at - killedAt} ms (WORKER_DEAD_AFTER_SECONDS=${DEAD_AFTER_SECONDS})`);
    const { conversations, replies } = await outcome(501);
    expect(conversations).toHaveLength(1);
    expect(conversations[0]!.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(replies.map((r) => r.text)).toEqual([conversations[0]!.messages[1]!.content]);
    expect(replies[0]!.text).toContain("8 am to 2 pm");
    expect(await charges()).toEqual({ used: before.used + 1, ledger: before.ledger + 1 });
    // The chat continues that conversation (the crash came before it was remembered).
    expect(await db.channelChat.findFirst({ where: { chatKey: "501" } })).toMatchObject({ conversationId: conversations[0]!.id });
  }, 120_000);

  it("after the reply left: the retry sends nothing, answers nothing, charges nothing", async () => {
    const before = await charges();
    const { atCrash } = await crashThenRestart("after-reply", 502);
    expect(atCrash).toEqual({ replies: 1, messages: 2 });
    const { conversations, replies } = await outcome(502);
    expect(conversations).toHaveLength(1);
    expect(conversations[0]!.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(replies).toHaveLength(1);
    expect(await charges()).toEqual({ used: before.used + 1, ledger: before.ledger + 1 });
  }, 120_000);

  it("after its reply failed and was handed to the retry job: only that job sends it, once", async () => {
    const before = await charges();
    const { atCrash } = await crashThenRestart("after-reply", 503, () => tg.failSends("503", { error_code: 502, description: "Bad Gateway" }));
    expect(atCrash).toEqual({ replies: 0, messages: 2 });
    await waitFor(async () => tg.sent.some((m) => m.chat_id === "503"));
    const { conversations, replies } = await outcome(503);
    expect(conversations[0]!.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(replies).toHaveLength(1);
    expect(tg.sendAttempts.filter((a) => a.chat_id === "503")).toHaveLength(2);
    expect(await charges()).toEqual({ used: before.used + 1, ledger: before.ledger + 1 });
  }, 120_000);
});

describe("a live worker inside a long job", () => {
  it("keeps it: a sweep past the bound unlocks nothing, the answer leaves once", async () => {
    await killWorkerProcesses();
    await startWorkerProcess(url, env);
    let release!: () => void;
    tg.holdSends("505", new Promise<void>((resolve) => (release = resolve)));
    expect(await tg.deliver(TOKEN, textUpdate(++updateId, 505, "When is the bakery open on Saturday?"))).toBe(200);
    // The answer job is inside its call to Telegram, which does not answer yet.
    await waitFor(async () => tg.sendAttempts.some((a) => a.chat_id === "505"));
    const [held] = await db.$queryRawUnsafe<Array<{ id: bigint; locked_at: Date; locked_by: string; attempts: number }>>(
      `SELECT id, locked_at, locked_by, attempts FROM graphile_worker.jobs WHERE task_identifier = 'channel_answer' AND locked_at IS NOT NULL`,
    );
    expect(held).toBeDefined();
    // Longer than the bound, as the database counts; the heartbeat is on a timer, not per job.
    await waitFor(async () => (await db.$queryRawUnsafe<Array<{ old: boolean }>>(`SELECT now() - $1::timestamptz > make_interval(secs => $2) AS old`, held!.locked_at, DEAD_AFTER_SECONDS + 1))[0]!.old);
    await enqueue(db, "sweep_dead_workers", {}, { jobKey: "test_sweep_live", maxAttempts: 1 });
    await waitFor(async () => Number((await db.$queryRawUnsafe<Array<{ n: bigint }>>(`SELECT count(*) AS n FROM graphile_worker.jobs WHERE key = 'test_sweep_live'`))[0]!.n) === 0);
    // Still the same lock, the same attempt: neither unlocked nor taken again.
    const [after] = await db.$queryRawUnsafe<Array<{ locked_at: Date; locked_by: string; attempts: number }>>(`SELECT locked_at, locked_by, attempts FROM graphile_worker.jobs WHERE id = $1`, held!.id);
    expect(after).toEqual({ locked_at: held!.locked_at, locked_by: held!.locked_by, attempts: held!.attempts });
    expect(await db.workerHeartbeat.count({ where: { workerId: held!.locked_by } })).toBe(1);
    release();
    const { conversations, replies } = await outcome(505);
    expect(conversations[0]!.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(replies).toHaveLength(1);
    expect(tg.sendAttempts.filter((a) => a.chat_id === "505")).toHaveLength(1);
  }, 120_000);
});
