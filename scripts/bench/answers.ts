/**
 * The answer pipeline's throughput and latency (docs/decisions/021-the-answer-pipeline.md):
 *  1. Extractive answers with metering on ONE workspace at 8 callers
 *     (gate/reservation → updated answers → retrieval → extractive answer →
 *     shaping → record → charge), next to the baseline: the retrieval query
 *     alone plus `charge_answer`. Targets: ≥ 200 answers/s, p50 < 50 ms.
 *  2. Time to first token through a local OpenAI-compatible stub that
 *     streams, next to the stub's own (the same `openai` client called
 *     directly). Target: < 30 ms overhead.
 */
import path from "node:path";
import OpenAI from "openai";
import pg from "pg";
import { startEmbeddedPostgres } from "@/server/kernel/db/embedded";
import { ensureDatabase } from "@/server/kernel/db/bootstrap";
import { createPrismaClient } from "@/server/kernel/db/client";
import { migrate } from "@/server/kernel/db/migrate";
import { chargeAnswer } from "../../tests/helpers/credits";
import { searchPassages } from "@/server/training";
import { trainOnBakeryPages } from "../../tests/helpers/answers-fixtures";
import { startOpenAiStub } from "../../tests/helpers/openai-stub";

const QUESTIONS = ["When are you open on Saturday?", "Is delivery free?", "Do you deliver cakes?", "Are you open on public holidays?", "How far do you deliver bread?"];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

export async function runAnswersBenchmark() {
  process.on("uncaughtException", (error: Error & { code?: string }) => {
    if (error.code === "57P01") return;
    throw error;
  });
  const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 1500);
  const CALLERS = 8;
  const stub = await startOpenAiStub();
  // Read once by src/server/kernel/env.ts on first use, which comes after this.
  process.env.OPENAI_BASE_URL = stub.baseURL;
  delete process.env.OPENAI_API_KEY;
  const { runTurn } = await import("@/server/conversations/engine");
  const { setTeamKey } = await import("@/server/workspaces/llm-keys");

  const server = await startEmbeddedPostgres({ dataDir: path.resolve(".data/bench/answers-pg"), ephemeral: true });
  {
    const admin = new pg.Client({ connectionString: server.url() });
    await admin.connect();
    await admin.query("DROP DATABASE IF EXISTS bench_answers WITH (FORCE)");
    await admin.end();
  }
  await ensureDatabase(server.url(), "bench_answers");
  const url = server.url("bench_answers");
  await migrate(url);
  const db = createPrismaClient(url);

  const owner = await db.user.create({ data: { email: `bench-${Date.now()}@example.test`, name: "Bench" } });
  const agency = await db.team.create({ data: { kind: "agency", plan: "agency", name: "Bench agency", ownerId: owner.id, monthlyMessagePool: 2_000_000_000 } });
  const workspace = await db.team.create({ data: { kind: "client", name: "Bench client", ownerId: owner.id, agencyId: agency.id, messageLimit: 2_000_000_000 } });
  const chatbot = await db.chatbot.create({ data: { teamId: workspace.id, userId: owner.id, name: "Bakery Bot" } });
  await trainOnBakeryPages(db, chatbot.id);

  async function run(total: number, task: (i: number) => Promise<unknown>) {
    let next = 0;
    const latencies: number[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CALLERS }, async () => {
        for (let i = next++; i < total; i = next++) {
          const t = performance.now();
          await task(i);
          latencies.push(performance.now() - t);
        }
      }),
    );
    return { perSecond: total / ((performance.now() - started) / 1000), p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  }

  const pipeline = (i: number) => runTurn(db, { chatbot }, { message: QUESTIONS[i % QUESTIONS.length]! });
  const baseline = async (i: number) => {
    await searchPassages(db, { chatbotId: chatbot.id, query: QUESTIONS[i % QUESTIONS.length]!, topK: chatbot.topK, language: chatbot.defaultLanguage });
    await chargeAnswer(db, workspace.id, { reference: "bench" });
  };
  await run(200, pipeline); // warm-up: connections, prepared plans, the tokenizer
  await run(200, baseline);

  console.log(`\nanswers: ${ANSWERS} extractive answers with metering on one workspace, ${CALLERS} callers\n`);
  console.log("                                   | answers/s | p50 (ms) | p99 (ms) | target");
  console.log("---------------------------------- | --------- | -------- | -------- | ------");
  const p = await run(ANSWERS, pipeline);
  const b = await run(ANSWERS, baseline);
  const row = (name: string, r: typeof p, target: string) =>
    console.log(`${name.padEnd(34)} | ${r.perSecond.toFixed(0).padStart(9)} | ${r.p50.toFixed(1).padStart(8)} | ${r.p99.toFixed(1).padStart(8)} | ${target}`);
  row("answer pipeline (extractive)", p, "≥ 200/s, p50 < 50 ms");
  row("baseline: retrieval + charge_answer", b, "");
  const after = await db.team.findUniqueOrThrow({ where: { id: workspace.id } });
  console.log(`\ncredits charged: ${after.messagesUsed} (${ANSWERS + 200} answers through the pipeline + ${ANSWERS + 200} baseline charges)`);

  // Time to first token: through the pipeline vs. the stub alone.
  await setTeamKey(db, agency.id, "sk-bench-key-0000");
  const text = Array.from({ length: 40 }, (_, i) => `Word${i}`).join(" ");
  stub.reply({ text, chunkDelayMs: 2 });
  const direct = new OpenAI({ apiKey: "sk-bench-key-0000", baseURL: stub.baseURL, maxRetries: 0 });
  const RUNS = 60;
  const own: number[] = [];
  const through: number[] = [];
  for (let i = 0; i < RUNS + 10; i++) {
    let t = performance.now();
    const stream = await direct.chat.completions.create({ model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }], stream: true });
    let first = 0;
    for await (const chunk of stream) {
      if (!first && chunk.choices[0]?.delta?.content) first = performance.now() - t;
    }
    if (i >= 10) own.push(first);

    t = performance.now();
    let firstDelta = 0;
    await runTurn(
      db,
      {
        chatbot,
        onDelta: () => {
          if (!firstDelta) firstDelta = performance.now() - t;
        },
      },
      { message: "Is delivery free?" },
    );
    if (i >= 10) through.push(firstDelta);
  }
  const ownP50 = percentile(own, 50);
  const throughP50 = percentile(through, 50);
  console.log(`\ntime to first token, streaming stub, ${RUNS} runs (p50)`);
  console.log(`  stub alone (openai client):  ${ownP50.toFixed(1)} ms`);
  console.log(`  through the answer pipeline: ${throughP50.toFixed(1)} ms`);
  console.log(`  overhead:                    ${(throughP50 - ownP50).toFixed(1)} ms (target < 30 ms)`);

  await stub.stop();
  await db.$disconnect();
  await server.stop();
}
