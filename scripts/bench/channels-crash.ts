/**
 * The channels' delivery guarantee under a crash (docs/decisions/069-messaging-channels.md, "Delivery
 * guarantee"): a reply is sent at least once, and sent twice only when its worker dies inside the duplicate
 * window — from the provider's receipt of the reply to `channel_events.replied_at`. The Bot API stand-in
 * answers every sendMessage after a known round trip; EVENTS updates on as many chats reach the app; once
 * some replies are answered and IN_FLIGHT are held at the stand-in (or half of them came), the worker is SIGKILLed and a new one
 * started (heartbeat bounds shortened, docs/decisions/084-jobs-of-a-killed-worker.md). Counted: replies
 * the stand-in received twice, next to those inside the window at the kill; every chat answered; charges.
 * Measured: the window of every event (the stand-in's receipt of the request whose answer marked it → the
 * event's `replied_at`), p50/p99/max, next to the round trip.
 */
import type { ChildProcess } from "node:child_process";
import type { Db } from "@/server/kernel/db/client";
import { textUpdate, type TelegramStandIn } from "../lib/telegram-stand-in";

const EVENTS = Number(process.env.BENCH_CHANNEL_CRASH_EVENTS ?? 80);
const IN_FLIGHT = Number(process.env.BENCH_CHANNEL_CRASH_IN_FLIGHT ?? 20);
const ROUND_TRIP_MS = Number(process.env.BENCH_CHANNEL_ROUND_TRIP_MS ?? 200);
/** The figure an outside probe found before the window was kept to the round trip (record 069). */
const PROBE_BEFORE = "20 of 80 replies in flight sent again";

export interface CrashContext {
  db: Db;
  telegram: TelegramStandIn;
  token: string;
  teamId: string;
  question: string;
  firstUpdateId: number;
  startWorker(env: Record<string, string>): Promise<ChildProcess>;
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

export async function measureCrash(ctx: CrashContext): Promise<ChildProcess> {
  const { db, telegram } = ctx;
  const fastSweep = { WORKER_HEARTBEAT_SECONDS: "1", WORKER_DEAD_AFTER_SECONDS: "3" };
  telegram.sendDelayMs = ROUND_TRIP_MS;
  const chats = Array.from({ length: EVENTS }, (_, i) => String(5_000_000 + i));
  const chatSet = new Set(chats);
  const eventOf = new Map(chats.map((chat, i) => [chat, `tg:${ctx.firstUpdateId + i}`]));
  const received = () => telegram.sendAttempts.filter((a) => chatSet.has(a.chat_id));
  const answered = () => telegram.sent.filter((m) => chatSet.has(m.chat_id));
  const usedBefore = (await db.team.findUniqueOrThrow({ where: { id: ctx.teamId } })).messagesUsed;

  const doomed = await ctx.startWorker(fastSweep);
  const exited = new Promise((r) => doomed.once("exit", r));
  // Eight webhook deliveries at a time, as a provider spreads a burst over its connections.
  let next = 0;
  const delivered = Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < EVENTS) {
        const i = next++;
        const status = await telegram.deliver(ctx.token, textUpdate(ctx.firstUpdateId + i, Number(chats[i]), ctx.question));
        if (status !== 200) throw new Error(`webhook answered ${status}`);
      }
    }),
  );
  // Some replies answered and marked, IN_FLIGHT held at the provider (or, when the worker's pace keeps fewer
  // in flight — in flight ≈ replies/s × round trip — half of the replies come), the rest still to come: kill -9.
  await until(() => answered().length >= 1 && (received().length - answered().length >= IN_FLIGHT || received().length >= EVENTS / 2), "replies in flight", 60_000);
  doomed.kill("SIGKILL");
  const killedAt = Date.now();
  await exited;
  await delivered;
  // A request or statement the dead worker had sent still arrives; then: the replies the provider took or holds, unmarked.
  await sleep(50);
  const receivedAtKill = new Set(received().map((a) => a.chat_id));
  const unmarked = await db.$queryRawUnsafe<Array<{ event_id: string }>>(
    `SELECT event_id FROM channel_events WHERE event_id = ANY($1::text[]) AND replied_at IS NULL`,
    [...eventOf.values()],
  );
  const unmarkedEvents = new Set(unmarked.map((r) => r.event_id));
  const inWindow = chats.filter((chat) => receivedAtKill.has(chat) && unmarkedEvents.has(eventOf.get(chat)!)).length;

  const restarted = await ctx.startWorker(fastSweep);
  await until(() => new Set(answered().map((m) => m.chat_id)).size === EVENTS, "every chat answered");
  const allAnsweredMs = Date.now() - killedAt;
  await until(async () => Number((await db.$queryRawUnsafe<Array<{ n: bigint }>>(`SELECT count(*) AS n FROM graphile_worker.jobs WHERE task_identifier LIKE 'channel_%' AND attempts < max_attempts`))[0]!.n) === 0, "the channel jobs done");
  await sleep(ROUND_TRIP_MS * 2);
  telegram.sendDelayMs = 0;

  const perChat = new Map<string, number>();
  for (const m of answered()) perChat.set(m.chat_id, (perChat.get(m.chat_id) ?? 0) + 1);
  const twice = [...perChat.values()].filter((n) => n > 1).length;
  const extra = [...perChat.values()].reduce((sum, n) => sum + n - 1, 0);
  const charged = (await db.team.findUniqueOrThrow({ where: { id: ctx.teamId } })).messagesUsed - usedBefore;

  // The window of each event: the receipt of the last request before its mark → the mark.
  const marks = await db.$queryRawUnsafe<Array<{ event_id: string; at: number }>>(
    `SELECT event_id, (extract(epoch FROM replied_at) * 1000)::float8 AS at FROM channel_events WHERE event_id = ANY($1::text[]) AND replied_at IS NOT NULL`,
    [...eventOf.values()],
  );
  const markOf = new Map(marks.map((m) => [m.event_id, m.at]));
  const beforeKill: number[] = [];
  const afterRestart: number[] = [];
  for (const chat of chats) {
    const mark = markOf.get(eventOf.get(chat)!);
    const receipts = received().filter((a) => a.chat_id === chat && mark !== undefined && a.at <= mark + 1);
    if (mark === undefined || !receipts.length) continue;
    (mark > killedAt ? afterRestart : beforeKill).push(mark - receipts[receipts.length - 1]!.at);
  }
  const windows = [...beforeKill, ...afterRestart];
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  console.log(
    `  kill -9 with replies in flight (${EVENTS} updates on ${EVENTS} chats, provider round trip ${ROUND_TRIP_MS} ms): ${inWindow} replies inside the window at the kill → ${twice} sent twice (${extra} extra sends); ` +
      `${perChat.size} of ${EVENTS} chats answered, charged ${charged} (expected ${EVENTS}); all answered ${(allAnsweredMs / 1000).toFixed(1)} s after the kill (dead-worker bound 3 s)`,
  );
  console.log(
    `  duplicate window (provider's receipt → replied_at, ${windows.length} events): p50 ${ms(pct(windows, 50))}, p99 ${ms(pct(windows, 99))}, max ${ms(Math.max(...windows))} (${beforeKill.length} by the killed worker: p50 ${ms(pct(beforeKill, 50))}, max ${ms(Math.max(...beforeKill))}; ${afterRestart.length} by the new one: p50 ${ms(pct(afterRestart, 50))}, max ${ms(Math.max(...afterRestart))}) — round trip ${ROUND_TRIP_MS} ms; before: ${PROBE_BEFORE}`,
  );
  return restarted;
}
