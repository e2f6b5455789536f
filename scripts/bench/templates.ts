/**
 * Template rollouts at agency scale (docs/decisions/112-rollouts-with-a-quality-gate.md): a template of a
 * dental chatbot (settings, suggested messages, updated answers, two texts, the Quality tab's questions) with
 * BENCH_TEMPLATE_CHATBOTS (500) chatbots made from it across 50 client workspaces, trained and evaluated; then
 * the preview of a version for all of them, and its rollout through the real jobs — without the quality gate
 * and with it (each chatbot evaluated after applying) — from the request to the last chatbot done, with the
 * workers in this process. Own embedded PostgreSQL in `.data/bench/templates/`.
 */
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { Runner } from "graphile-worker";
import { startEmbeddedPostgres } from "@/server/kernel/db/embedded";
import { ensureDatabase } from "@/server/kernel/db/bootstrap";
import { createPrismaClient, transactionAsDb, type Db } from "@/server/kernel/db/client";
import { migrate } from "@/server/kernel/db/migrate";
import { startWorkers } from "@/server/transport/workers";
import { updateChatbotSettings } from "@/server/chatbots/settings";
import { createSuggestedMessage } from "@/server/chatbots/suggested-messages";
import { createUpdatedAnswer } from "@/server/chatbots/updated-answers";
import { addTestQuestion } from "@/server/evaluations/evaluations";
import { createSource } from "@/server/training/sources";
import { seedFromTemplate } from "@/server/templates/links";
import { previewVersion } from "@/server/templates/preview";
import { startRollout } from "@/server/templates/rollouts";
import { createTemplate, publishVersion } from "@/server/templates/templates";
import { createAgency } from "@/server/workspaces/agencies";
import { createUser } from "@/server/accounts/users";

const CHATBOTS = Number(process.env.BENCH_TEMPLATE_CHATBOTS ?? 500);
const WORKSPACES = 50;
const CONCURRENCY = Number(process.env.BENCH_WORKER_CONCURRENCY ?? 8);
const ACTOR = { userId: null, tokenId: null, name: "bench" };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const load = () => os.loadavg()[0]!.toFixed(1);

async function waitUntil(check: () => Promise<boolean>, label: string, timeoutMs = 30 * 60_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out: ${label}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function masterChatbot(db: Db, agencyId: string, ownerId: string) {
  const team = await db.team.create({ data: { kind: "client", plan: "agency_client", name: "Demo Dental", ownerId, agencyId } });
  const bot = await db.chatbot.create({ data: { teamId: team.id, userId: ownerId, name: "Dental demo" } });
  await updateChatbotSettings(db, bot, { welcome_message: "Welcome to {client_name}!", system_prompt: "You are the assistant of {client_name}, a dental practice." });
  for (const [name, prompt] of [["Opening hours", "When are you open?"], ["Prices", "What does a check-up cost?"], ["Emergencies", "I have toothache."]]) {
    await createSuggestedMessage(db, bot.id, { type: "message", name: name!, prompt: prompt!, url: "", action_id: "" });
  }
  for (const [question, answer] of [["Do you take new patients?", "Yes."], ["Is there parking?", "Behind the building."], ["Do you see children?", "From age three."]]) {
    await createUpdatedAnswer(db, bot.id, { question: question!, suggested_answer: answer! });
  }
  await createSource(db, bot, { type: "text", title: "Opening hours", text: "The practice is open Monday to Friday from 8:00 to 18:00, and on Saturday mornings from 9:00 to 12:00." });
  await createSource(db, bot, { type: "text", title: "Prices", text: "A check-up costs sixty euros; a cleaning costs eighty euros; children are seen free of charge." });
  await addTestQuestion(db, bot.id, { question: "What are the opening hours of the practice?" });
  await addTestQuestion(db, bot.id, { question: "How much does a check-up cost?" });
  return bot;
}

async function rollout(db: Db, templateId: string, version: number, maxScoreDrop: number | null) {
  const started = performance.now();
  const made = await db.$transaction(async (raw) => {
    const tx = transactionAsDb(raw);
    return startRollout(tx, await tx.template.findUniqueOrThrow({ where: { id: templateId } }), ACTOR, { version, chatbot_ids: "all", max_score_drop: maxScoreDrop });
  });
  const requested = performance.now() - started;
  let appliedAt = 0;
  await waitUntil(async () => {
    const r = await db.templateRollout.findUniqueOrThrow({ where: { id: made.id } });
    if (!appliedAt && (await db.templateRolloutChatbot.count({ where: { rolloutId: made.id, status: "pending" } })) === 0) appliedAt = performance.now() - started;
    return r.status === "completed";
  }, `rollout of version ${version}`);
  const total = performance.now() - started;
  const rows = await db.templateRolloutChatbot.groupBy({ by: ["status", "gate"], where: { rolloutId: made.id }, _count: true });
  return { requested, applied: appliedAt || total, total, rows: rows.map((r) => `${r.status}/${r.gate ?? "-"}: ${r._count}`).join(", ") };
}

export async function runTemplatesBenchmark() {
  process.on("uncaughtException", (error: Error & { code?: string }) => {
    if (error.code === "57P01") return;
    throw error;
  });
  process.env.CRAWLER_ALLOW_PRIVATE_NETWORKS ??= "true";
  const server = await startEmbeddedPostgres({ dataDir: path.resolve(".data/bench/templates"), ephemeral: true });
  const admin = new pg.Client({ connectionString: server.url() });
  await admin.connect();
  await admin.query("DROP DATABASE IF EXISTS bench_templates WITH (FORCE)");
  await admin.end();
  await ensureDatabase(server.url(), "bench_templates");
  const url = server.url("bench_templates");
  await migrate(url);
  const db = createPrismaClient(url);
  let runner: Runner | null = null;
  try {
    const { user } = await createUser(db, { email: `bench-${Date.now()}@example.test`, name: "Bench", password: "password-123" });
    const agency = await createAgency(db, { ownerEmail: user.email, name: "Bench agency", workspaceLimit: WORKSPACES + 5, monthlyMessages: 1_000_000 });
    runner = await startWorkers(url, { concurrency: CONCURRENCY });
    const master = await masterChatbot(db, agency.id, user.id);
    const { template } = await createTemplate(db, agency, user.id, { chatbot_id: master.id, name: "Dental practice" });

    // The linked chatbots, made from version 1 as the agency's agent creation makes them.
    const workspaces = await Promise.all(
      Array.from({ length: WORKSPACES }, (_, i) => db.team.create({ data: { kind: "client", plan: "agency_client", name: `Practice ${i}`, ownerId: user.id, agencyId: agency.id } })),
    );
    let started = performance.now();
    for (let i = 0; i < CHATBOTS; i++) {
      const bot = await db.chatbot.create({ data: { teamId: workspaces[i % WORKSPACES]!.id, userId: user.id, name: `Practice ${i}` } });
      await db.$transaction((raw) => seedFromTemplate(transactionAsDb(raw), agency, bot, { template_id: template.id }, { client_name: `Practice ${i}` }), { timeout: 60_000 });
    }
    const seeded = performance.now() - started;
    await waitUntil(async () => (await db.source.count({ where: { status: { in: ["pending", "crawling", "training"] } } })) === 0, "the trainings");
    await waitUntil(async () => (await db.evaluation.count({ where: { status: { in: ["queued", "running"] } } })) === 0, "the first evaluations");
    const trained = performance.now() - started;

    // Version 2: a new prompt, a changed suggested message, a new updated answer.
    await updateChatbotSettings(db, master, { system_prompt: "You are the assistant of {client_name}. Offer to book a check-up." });
    await createSuggestedMessage(db, master.id, { type: "message", name: "Book a check-up", prompt: "I'd like to book a check-up.", url: "", action_id: "" });
    await createUpdatedAnswer(db, master.id, { question: "Do you offer payment plans?", suggested_answer: "Yes, over twelve months." });
    let fresh = await db.template.findUniqueOrThrow({ where: { id: template.id } });
    await publishVersion(db, agency, fresh, user.id, { note: "v2" });
    started = performance.now();
    const preview = await previewVersion(db, fresh, 2);
    const previewMs = performance.now() - started;
    const ungated = await rollout(db, template.id, 2, null);

    await updateChatbotSettings(db, master, { welcome_message: "Welcome to {client_name}! Book online any time." });
    fresh = await db.template.findUniqueOrThrow({ where: { id: template.id } });
    await publishVersion(db, agency, fresh, user.id, { note: "v3" });
    const gated = await rollout(db, template.id, 3, 5);

    console.log(`\ntemplates: ${CHATBOTS} chatbots linked to one template (${WORKSPACES} client workspaces), workers in process (concurrency ${CONCURRENCY}), ${os.cpus().length} cores\n`);
    console.log(`made from the template: ${seconds(seeded)} (${(seeded / CHATBOTS).toFixed(0)} ms a chatbot); trained and evaluated: ${seconds(trained)}`);
    console.log(`preview of version 2 for all: ${previewMs.toFixed(0)} ms (${preview.chatbots.filter((c) => c.status === "changes").length} would change)\n`);
    console.log("rollout | request | all applied | done | chatbots/s | rows | load");
    console.log("------- | ------- | ----------- | ---- | ---------- | ---- | ----");
    for (const [label, r] of [["v2, no quality gate", ungated], ["v3, quality gate (each evaluated)", gated]] as const) {
      console.log(`${label} | ${r.requested.toFixed(0)} ms | ${seconds(r.applied)} | ${seconds(r.total)} | ${(CHATBOTS / (r.total / 1000)).toFixed(1)} | ${r.rows} | ${load()}`);
    }
  } finally {
    await runner?.stop();
    await db.$disconnect();
    await server.stop();
  }
}
