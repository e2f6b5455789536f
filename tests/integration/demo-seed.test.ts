import { beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "@/server/access/password";
import { createCaller } from "@/server/transport/root";
import type { Db } from "@/server/kernel/db/client";
import { DEMO_OWNER, isDatabaseEmpty, seedDemoData } from "@/server/demo/seed";
import { runTurn } from "@/server/conversations/engine";
import { runEvaluation } from "@/server/evaluations";
import { createTestDatabase } from "../helpers/db";

describe("demo data", () => {
  let db: Db;
  const now = new Date("2026-11-21T12:00:00Z");

  beforeAll(async () => {
    ({ db } = await createTestDatabase());
    expect(await isDatabaseEmpty(db)).toBe(true);
    await seedDemoData(db, { now });
  });

  it("has a demo agency owner who can log in, with an agency and workspaces in different states", async () => {
    expect(await isDatabaseEmpty(db)).toBe(false);
    const owner = await db.user.findUniqueOrThrow({ where: { email: DEMO_OWNER.email } });
    expect(await verifyPassword(DEMO_OWNER.password, owner.passwordHash!)).toBe(true);
    const agency = await db.team.findFirstOrThrow({ where: { ownerId: owner.id, kind: "agency", plan: "agency" } });
    const clients = await db.team.findMany({ where: { agencyId: agency.id } });
    expect(new Set(clients.map((c) => c.status))).toEqual(new Set(["active", "paused", "suspended"]));
    expect(clients.some((c) => c.messageLimit === null)).toBe(true);
  });

  it("has about 90 days of traffic with feedback, leads, link clicks and countries", async () => {
    const first = await db.conversation.findFirstOrThrow({ orderBy: { createdAt: "asc" } });
    const last = await db.conversation.findFirstOrThrow({ orderBy: { createdAt: "desc" } });
    const days = (last.createdAt.getTime() - first.createdAt.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(85);
    expect(last.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
    const [conversations, messages, feedback, contacts, clicks, countries] = await Promise.all([
      db.conversation.count(),
      db.message.count(),
      db.feedback.count(),
      db.contact.count(),
      db.linkClick.count(),
      db.visitor.groupBy({ by: ["countryCode"] }),
    ]);
    expect(conversations).toBeGreaterThan(1000);
    expect(messages).toBeGreaterThan(conversations * 2);
    expect(feedback).toBeGreaterThan(0);
    expect(contacts).toBeGreaterThan(0);
    expect(clicks).toBeGreaterThan(0);
    expect(countries.length).toBeGreaterThan(5);
  });

  it("shows up through the API for the owner, with suggested messages, sources and updated answers", async () => {
    const owner = await db.user.findUniqueOrThrow({ where: { email: DEMO_OWNER.email } });
    const chatbots = await createCaller({ db, user: owner, via: "session", tokenId: null }).me.chatbots();
    expect(chatbots.length).toBeGreaterThanOrEqual(4);
    expect(chatbots.some((c) => c.unread_count > 0)).toBe(true);
    for (const table of [db.suggestedMessage, db.source, db.updatedAnswer] as const) {
      expect(await (table as { count: () => Promise<number> }).count()).toBeGreaterThan(0);
    }
  });

  it("gives a demo chatbot a quality score: questions generated from its text source, queued by the seed's training", async () => {
    const source = await db.source.findFirstOrThrow({ where: { title: "Delivery & refund policy" } });
    // The trigger queued it when the seed wrote the trained sources; the workers run it after the seed.
    const queued = await db.evaluation.findFirstOrThrow({ where: { chatbotId: source.chatbotId, status: "queued", trigger: "training" } });
    await runEvaluation(db, queued.id);
    const run = await db.evaluation.findUniqueOrThrow({ where: { id: queued.id } });
    expect(run).toMatchObject({ status: "completed" });
    expect(run.questionCount).toBeGreaterThan(0);
    expect(run.score).not.toBeNull();
    const results = run.results as Array<{ question: string; expected_source_id: string | null; hit: boolean }>;
    expect(results.find((r) => r.question === "What about Flower care?")).toMatchObject({ expected_source_id: source.id, hit: true });
  });

  // Last: it adds a conversation to the demo data.
  it("has a trained text source indexed for retrieval, so a newcomer's playground answers from it", async () => {
    const source = await db.source.findFirstOrThrow({ where: { title: "Delivery & refund policy" }, include: { chatbot: true } });
    const reply = await runTurn(db, { chatbot: source.chatbot }, { message: "How much does delivery cost?" });
    if ("handoff" in reply) throw new Error("a new conversation is answered by the bot");
    expect(reply.message.answered).toBe(true);
    expect(reply.message.content).toContain("$6.95");
    expect(reply.message.sources.map((s) => s.id)).toContain(source.id);
  });
});
