/**
 * Human handoff (docs/decisions/056-live-updates-through-listen-notify.md): an agent's reply → the visitor's live stream,
 * p50/p99, with the visitor on one app process and the agent on another (the
 * reply crosses PostgreSQL LISTEN/NOTIFY); then idle visitor streams held by
 * one app process, its resident memory per stream, and the time for one
 * reply to reach all of them. Needs `npx next build`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { createApiToken } from "@/server/access";
import { ensureDatabase } from "@/server/kernel/db/bootstrap";
import { createPrismaClient } from "@/server/kernel/db/client";
import { startEmbeddedPostgres } from "@/server/kernel/db/embedded";
import { migrate } from "@/server/kernel/db/migrate";
import { readSseEvents } from "@/shared/sse";
import { startProductionServer } from "../lib/app-server";
import { sseFrames } from "../../tests/helpers/sse";

const REPLIES = Number(process.env.BENCH_HANDOFF_REPLIES ?? 200);
const STREAMS = Number(process.env.BENCH_HANDOFF_STREAMS ?? 2000);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;
const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);

/** A visitor's stream: calls `onMessage(id, receivedAt)` for every `event: message` frame. */
async function openStream(url: string, onMessage: (id: string, at: number) => void): Promise<AbortController> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { Accept: "text/event-stream" }, signal: controller.signal });
  if (res.status !== 200 || !res.body) throw new Error(`stream answered ${res.status}`);
  const body = res.body;
  void (async () => {
    try {
      for await (const event of readSseEvents(body)) if (event.id && event.event === "message") onMessage(event.id, performance.now());
    } catch {
      // aborted
    }
  })();
  return controller;
}

export async function runHandoffBenchmark() {
  console.log("\nhandoff");
  process.on("uncaughtException", (error: Error & { code?: string }) => {
    if (error.code === "57P01") return; // pooled connections end when the database stops
    throw error;
  });
  const server = await startEmbeddedPostgres({ dataDir: path.resolve(".data/bench/handoff-pg"), ephemeral: true });
  try {
    await measure(server.url(), server.url("bench_handoff"));
  } finally {
    await server.stop();
  }
}

async function measure(adminUrl: string, url: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query("DROP DATABASE IF EXISTS bench_handoff WITH (FORCE)");
  await admin.end();
  await ensureDatabase(adminUrl, "bench_handoff");
  await migrate(url);
  const db = createPrismaClient(url);
  const owner = await db.user.create({ data: { email: `bench-${Date.now()}@example.test`, name: "Bench" } });
  const team = await db.team.create({ data: { kind: "client", name: "Bench bakery", ownerId: owner.id, messageLimit: 1_000_000 } });
  await db.membership.create({ data: { teamId: team.id, userId: owner.id, role: "admin" } });
  const bot = await db.chatbot.create({ data: { teamId: team.id, userId: owner.id, name: "Bench Bot" } });
  const { token } = await createApiToken(db, owner.id, "bench");

  // Rate limits out of the way: this measures the live path, not the limiter.
  const appEnv = { RATE_LIMIT_WIDGET_PER_MINUTE: "100000", RATE_LIMIT_API_PER_MINUTE: "100000" };
  const [visitorApp, agentApp] = await Promise.all([
    startProductionServer(url, "bench-secret-bench-secret-bench-secret-0", appEnv),
    startProductionServer(url, "bench-secret-bench-secret-bench-secret-0", appEnv),
  ]);
  const streams: AbortController[] = [];
  try {
    const chat = await fetch(`${visitorApp.baseUrl}/api/widget/${bot.id}/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify({ message: "Can I talk to someone?" }),
    });
    const done = sseFrames(await chat.text()).find((f) => f.event === "done")?.data as { conversation_id: string; visitor_token: string };
    const { conversation_id: conversationId, visitor_token: visitorToken } = done;
    const streamUrl = `${visitorApp.baseUrl}/api/widget/${bot.id}/conversations/${conversationId}/stream?visitor_token=${encodeURIComponent(visitorToken)}`;
    const reply = (content: string) =>
      fetch(`${agentApp.baseUrl}/v1/${bot.id}/conversations/${conversationId}/messages`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json", Authorization: `Bearer ${token}` },
        body: JSON.stringify({ content }),
      }).then(async (r) => ((await r.json()) as { message: { id: string } }).message.id);
    await reply("warm-up");

    // 1. Latency: the agent replies on B, the visitor listens on A.
    const arrivals = new Map<string, number>();
    const waiters = new Map<string, () => void>();
    streams.push(
      await openStream(streamUrl, (id, at) => {
        arrivals.set(id, at);
        waiters.get(id)?.();
      }),
    );
    await new Promise((r) => setTimeout(r, 300));
    const latencies: number[] = [];
    for (let i = 0; i < REPLIES; i++) {
      const started = performance.now();
      const id = await reply(`Reply ${i}`);
      if (!arrivals.has(id)) await new Promise<void>((resolve) => waiters.set(id, resolve));
      latencies.push(arrivals.get(id)! - started);
    }
    console.log(`  agent reply → visitor (two processes)   p50 ${ms(pct(latencies, 50))}   p99 ${ms(pct(latencies, 99))}   (${REPLIES} replies; target p50 < 100 ms)`);

    // 2. Idle streams held by the visitor's process, and one reply fanned out to all of them.
    const before = rssKb(visitorApp.child.pid!);
    const seen = new Set<number>();
    let lastArrival = 0;
    let target = "";
    for (let i = 0; i < STREAMS; i += 100) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(100, STREAMS - i) }, (_, k) =>
          openStream(streamUrl, (id, at) => {
            if (id !== target) return;
            seen.add(i + k);
            lastArrival = Math.max(lastArrival, at);
          }),
        ),
      );
      streams.push(...batch);
    }
    await new Promise((r) => setTimeout(r, 2_000));
    const after = rssKb(visitorApp.child.pid!);
    console.log(`  idle streams on one process             ${STREAMS} open   RSS ${(before / 1024).toFixed(0)} → ${(after / 1024).toFixed(0)} MB   ${(((after - before) * 1024) / STREAMS / 1024).toFixed(1)} KB per stream`);
    const started = performance.now();
    target = await reply("To everyone");
    const deadline = Date.now() + 30_000;
    while (seen.size < STREAMS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    console.log(`  one reply → all ${STREAMS} streams           ${seen.size}/${STREAMS} received   last after ${ms(lastArrival - started)}`);
  } finally {
    for (const s of streams) s.abort();
    await Promise.all([visitorApp.stop(), agentApp.stop()]);
    await db.$disconnect();
  }
}
