import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Chatbot } from "@/generated/prisma/client";
import { transactionAsDb, type Db } from "@/server/kernel/db/client";
import { updateChatbotSettings } from "@/server/chatbots/settings";
import { createSuggestedMessage } from "@/server/chatbots/suggested-messages";
import { seedFromTemplate } from "@/server/templates/links";
import { runRolloutBatch } from "@/server/templates/rollout-jobs";
import { startRollout } from "@/server/templates/rollouts";
import { createTemplate, publishVersion } from "@/server/templates/templates";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot, clientWorkspace } from "../helpers/fixtures";
import { waitFor } from "../helpers/https-receiver";
import { killWorkerProcess, killWorkerProcesses, startWorkerProcess } from "../helpers/worker-process";

/**
 * A rollout across a crash, and never half applied (docs/decisions/112-rollouts-with-a-quality-gate.md): a real
 * worker process is killed (SIGKILL) in the middle of a rollout of 80 chatbots and another one finishes it —
 * every chatbot applied once; a chatbot whose change fails half way keeps its old state whole.
 */
let db: Db;
let url: string;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let master: Chatbot;
let template: Awaited<ReturnType<typeof createTemplate>>["template"];
const linked: Chatbot[] = [];
const ACTOR = { userId: null, tokenId: null, name: "test" };
const OLD_PROMPT = "You answer for {client_name}.";
const NEW_PROMPT = "You answer for {client_name}, briefly.";

const inTx = <T,>(fn: (tx: Db) => Promise<T>) => db.$transaction((raw) => fn(transactionAsDb(raw)), { timeout: 60_000 });

beforeAll(async () => {
  ({ db, url } = await createTestDatabase());
  owner = await agencyOwner(db);
  const team = await clientWorkspace(db, owner.agency, "Masters");
  master = await chatbot(db, team.id, owner.user.id, "Master");
  await updateChatbotSettings(db, master, { system_prompt: OLD_PROMPT });
  await createSuggestedMessage(db, master.id, { type: "message", name: "Prices", prompt: "What are your prices?", url: "", action_id: "" });
  ({ template } = await createTemplate(db, owner.agency, owner.user.id, { chatbot_id: master.id, name: "Salon" }));
  const clients = await clientWorkspace(db, owner.agency, "Salons");
  for (let i = 0; i < 80; i++) {
    const bot = await chatbot(db, clients.id, owner.user.id, `Salon ${i}`);
    await inTx((tx) => seedFromTemplate(tx, owner.agency, bot, { template_id: template.id }, { client_name: `Salon ${i}` }));
    linked.push(bot);
  }
  // Version 2: a new prompt and a new suggested message.
  await updateChatbotSettings(db, master, { system_prompt: NEW_PROMPT });
  await createSuggestedMessage(db, master.id, { type: "message", name: "Book", prompt: "I'd like to book.", url: "", action_id: "" });
  const fresh = await db.template.findUniqueOrThrow({ where: { id: template.id } });
  await publishVersion(db, owner.agency, fresh, owner.user.id, {});
}, 180_000);

afterAll(killWorkerProcesses);

/** Each chatbot's prompt and its "Book" messages: a chatbot on one version whole shows (old, 0) or (new, 1). */
async function states(ids: string[]) {
  const bots = await db.chatbot.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, systemPrompt: true } });
  const books = await db.suggestedMessage.groupBy({ by: ["chatbotId"], where: { chatbotId: { in: ids }, name: "Book" }, _count: true });
  const count = new Map(books.map((b) => [b.chatbotId, b._count]));
  return bots.map((b) => ({ name: b.name, prompt: b.systemPrompt, books: count.get(b.id) ?? 0 }));
}

describe("template rollouts", () => {
  it("a rollout whose worker is killed half way is finished by another worker: each chatbot applied once", async () => {
    const env = { WORKER_HEARTBEAT_SECONDS: "1", WORKER_DEAD_AFTER_SECONDS: "3" };
    const worker: ChildProcess = await startWorkerProcess(url, env);
    const ids = linked.map((b) => b.id);
    const rollout = await inTx(async (tx) => startRollout(tx, await tx.template.findUniqueOrThrow({ where: { id: template.id } }), ACTOR, { version: 2, chatbot_ids: ids, max_score_drop: null }));
    await waitFor(async () => (await db.templateRolloutChatbot.count({ where: { rolloutId: rollout.id, status: "applied" } })) >= 5, 60_000, "a few chatbots applied");
    await killWorkerProcess(worker);
    const atCrash = await db.templateRolloutChatbot.groupBy({ by: ["status"], where: { rolloutId: rollout.id }, _count: true });
    const pendingAtCrash = atCrash.find((s) => s.status === "pending")?._count ?? 0;
    console.info(`[template-rollouts] at the kill: ${JSON.stringify(Object.fromEntries(atCrash.map((s) => [s.status, s._count])))}`);
    expect(pendingAtCrash).toBeGreaterThan(0);
    // Never between two versions, even at the kill.
    for (const s of await states(ids)) expect([`You answer for ${s.name}.|0`, `You answer for ${s.name}, briefly.|1`]).toContain(`${s.prompt}|${s.books}`);

    await startWorkerProcess(url, env);
    await waitFor(async () => (await db.templateRollout.findUniqueOrThrow({ where: { id: rollout.id } })).status === "completed", 120_000, "the rollout to complete");
    const rows = await db.templateRolloutChatbot.findMany({ where: { rolloutId: rollout.id } });
    expect(rows.map((r) => r.status)).toEqual(ids.map(() => "applied"));
    for (const s of await states(ids)) expect(s).toEqual({ name: s.name, prompt: `You answer for ${s.name}, briefly.`, books: 1 });
    expect(await db.templateLink.count({ where: { templateId: template.id, version: 2 } })).toBe(80);
    expect(await db.templateRolloutClaim.count()).toBe(0);
  }, 240_000);

  it("a chatbot whose change fails half way keeps its old state whole, and is reported skipped", async () => {
    const clients = await clientWorkspace(db, owner.agency, "Full");
    const full = await chatbot(db, clients.id, owner.user.id, "Full salon");
    await inTx((tx) => seedFromTemplate(tx, owner.agency, full, { template_id: template.id, version: 1 }, { client_name: "Full salon" }));
    // Its own 19 messages: with the template's, the 20 a chatbot may have; version 2's "Book" is one too many.
    for (let i = 0; i < 19; i++) await createSuggestedMessage(db, full.id, { type: "message", name: `Own ${i}`, prompt: `Own ${i}`, url: "", action_id: "" });
    const rollout = await inTx(async (tx) => startRollout(tx, await tx.template.findUniqueOrThrow({ where: { id: template.id } }), ACTOR, { version: 2, chatbot_ids: [full.id], max_score_drop: null }));
    await runRolloutBatch(db, rollout.id, 0);
    const row = await db.templateRolloutChatbot.findUniqueOrThrow({ where: { rolloutId_chatbotId: { rolloutId: rollout.id, chatbotId: full.id } } });
    expect(row).toMatchObject({ status: "skipped", reason: "Not applied: Suggested message: Book: A chatbot can have at most 20 suggested messages." });
    // The prompt was written before the message failed: rolled back with it.
    expect(await states([full.id])).toEqual([{ name: "Full salon", prompt: "You answer for Full salon.", books: 0 }]);
    expect((await db.templateLink.findUniqueOrThrow({ where: { chatbotId: full.id } })).version).toBe(1);
    expect(await db.templateRollout.findUniqueOrThrow({ where: { id: rollout.id } })).toMatchObject({ status: "completed" });
    // Run again (a retried job): nothing more happens.
    await runRolloutBatch(db, rollout.id, 0);
    expect((await db.templateRolloutChatbot.findUniqueOrThrow({ where: { rolloutId_chatbotId: { rolloutId: rollout.id, chatbotId: full.id } } })).updatedAt).toEqual(row.updatedAt);
  }, 60_000);
});
