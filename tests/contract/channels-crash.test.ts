import { randomBytes } from "node:crypto";
import { once } from "node:events";
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { startTelegramStandIn, textUpdate, type TelegramStandIn } from "../../scripts/lib/telegram-stand-in";
import { BAKERY_PAGES, trainedTextSource } from "../helpers/answers-fixtures";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot } from "../helpers/fixtures";
import { apiClient } from "../helpers/http";
import { startAppServer } from "../helpers/server";
import { killWorkerProcesses, startWorkerProcess } from "../helpers/worker-process";

/**
 * Issue 24: a provider's event is answered exactly once across a crash
 * (docs/decisions/083-channel-answers-once-across-a-crash.md). A real worker
 * process kills itself (SIGKILL) at one step of the answer job
 * (`CHANNEL_FAILPOINT`, a test hook): after the turn committed, or after the
 * reply left. The dead worker's job lock expires (graphile-worker: 4 hours;
 * moved back here, as time passing would) and a new worker retries the job:
 * one visitor message, one answer, one charge, one reply at Telegram.
 */
let db: Db;
let url: string;
let tg: TelegramStandIn;
let env: Record<string, string>;
let teamId: string;
let botId: string;
const TOKEN = "424242:CrashBakeryBot-token";
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
  env = { TELEGRAM_API_BASE_URL: tg.baseUrl, ENCRYPTION_KEY: randomBytes(32).toString("base64"), CHANNEL_SEND_ATTEMPTS: "3" };
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

/** The jobs a dead worker holds are free again, as they are once graphile-worker's 4-hour lock expiry has passed. */
async function expireDeadWorkerLocks() {
  await db.$executeRawUnsafe(`UPDATE graphile_worker._private_jobs SET locked_at = locked_at - interval '5 hours' WHERE locked_at IS NOT NULL`);
  await db.$executeRawUnsafe(`UPDATE graphile_worker._private_job_queues SET locked_at = locked_at - interval '5 hours' WHERE locked_at IS NOT NULL`);
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
  expect(worker.signalCode).toBe("SIGKILL");
  const atCrash = { replies: tg.sent.filter((m) => m.chat_id === String(chatId)).length, messages: await db.message.count({ where: { chatbotId: botId, conversation: { visitor: { visitorKey: { endsWith: `:${chatId}` } } } } }) };
  await expireDeadWorkerLocks();
  await startWorkerProcess(url, env);
  return { atCrash, update: updateId };
}

/** The chat's conversation, its messages, and the replies Telegram took, once every channel job is done. */
async function outcome(chatId: number) {
  await waitFor(async () => (await pendingChannelJobs()) === 0);
  const conversations = await db.conversation.findMany({ where: { chatbotId: botId, visitor: { visitorKey: { endsWith: `:${chatId}` } } }, include: { messages: { orderBy: { createdAt: "asc" } } } });
  return { conversations, replies: tg.sent.filter((m) => m.chat_id === String(chatId)) };
}

describe("a channel answer whose worker dies", () => {
  it("after the turn committed, before the reply: the retry sends the recorded answer, recorded and charged once", async () => {
    const before = await charges();
    const { atCrash } = await crashThenRestart("after-turn", 501);
    expect(atCrash).toEqual({ replies: 0, messages: 2 });
    await waitFor(async () => tg.sent.some((m) => m.chat_id === "501"));
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
