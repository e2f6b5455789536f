import type { Runner } from "graphile-worker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { MICRO_TIMESTAMP } from "@/server/kernel/lib/timestamps";
import { startWorkers } from "@/server/transport/workers";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot, clientWorkspace, teamMember } from "../helpers/fixtures";
import { waitFor } from "../helpers/https-receiver";
import { apiClient } from "../helpers/http";
import { startAppServer } from "../helpers/server";
import { startBakerySite, startPetGroomingSite } from "../helpers/website-fixtures";

/** A chatbot's quality evaluations over real HTTP (docs/decisions/063-chatbot-quality-score.md). */
process.env.CRAWLER_ALLOW_PRIVATE_NETWORKS = "true";
let db: Db;
let base: string;
let api: ReturnType<typeof apiClient>;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let other: Awaited<ReturnType<typeof agencyOwner>>;
let member: Awaited<ReturnType<typeof teamMember>>;
let botId: string;
let runner: Runner;
let site: Awaited<ReturnType<typeof startPetGroomingSite>>;
let bakery: Awaited<ReturnType<typeof startBakerySite>>;
let bakeryBotId: string;

const EVALUATION_KEYS = [
  "id", "chatbot_id", "trigger", "status", "question_count", "hit_rate", "first_hit_rate", "mrr", "grounded_rate", "score",
  "previous_score", "score_dropped", "error", "results", "created_at", "completed_at",
].sort();

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.db;
  owner = await agencyOwner(db);
  other = await agencyOwner(db);
  const team = await clientWorkspace(db, owner.agency);
  botId = (await chatbot(db, team.id, owner.user.id)).id;
  bakeryBotId = (await chatbot(db, team.id, owner.user.id)).id;
  member = await teamMember(db, team.id, "member");
  base = (await startAppServer(created.url)).baseUrl;
  api = apiClient(base);
  site = await startPetGroomingSite();
  bakery = await startBakerySite();
  runner = await startWorkers(created.url, { concurrency: 4 });
}, 120_000);

afterAll(async () => {
  await runner?.stop();
  await site?.close();
  await bakery?.close();
});

const list = (query = "", token = owner.token) => api("GET", `/v1/${botId}/evaluations${query}`, { token });

describe("evaluations", () => {
  it("a training is evaluated by itself; POST runs one now (202); GET lists them newest first in the deliveries' envelope", async () => {
    const empty = await list();
    expect(empty).toMatchObject({ status: 200, body: { current_page: 1, data: [], per_page: 25, total: 0 } });

    expect((await api("POST", `/v1/${botId}/sources`, { token: owner.token, body: { type: "website", url: site.url("/") } })).status).toBe(201);
    const afterTraining = await waitFor(async () => {
      const res = await list();
      return res.body.data[0]?.status === "completed" ? res.body.data[0] : null;
    }, 90_000, "the evaluation after training");
    expect(Object.keys(afterTraining).sort()).toEqual(EVALUATION_KEYS);
    expect(afterTraining).toMatchObject({ chatbot_id: botId, trigger: "training", hit_rate: 1, first_hit_rate: 1, mrr: 1, score_dropped: false, error: null });
    expect(afterTraining.created_at).toMatch(MICRO_TIMESTAMP);
    expect(afterTraining.completed_at).toMatch(MICRO_TIMESTAMP);
    expect(afterTraining.question_count).toBe(afterTraining.results.length);
    expect(afterTraining.results).toContainEqual(
      expect.objectContaining({ question: "What about Prices?", origin: "generated", expected_url: site.url("/prices"), rank: 1, hit: true }),
    );

    const run = await api("POST", `/v1/${botId}/evaluations`, { token: owner.token });
    expect(run.status).toBe(202);
    expect(Object.keys(run.body).sort()).toEqual(EVALUATION_KEYS);
    expect(run.body).toMatchObject({ trigger: "manual", status: "queued", score: null, results: [] });
    await waitFor(async () => ((await list()).body.data.find((e: { id: string }) => e.id === run.body.id)?.status === "completed" ? true : null), 60_000, "the run");

    const all = await list();
    expect(all.body.total).toBe(2);
    expect(all.body.data.map((e: { id: string }) => e.id)).toEqual([run.body.id, afterTraining.id]);
    const second = await list("?page=2&per_page=1");
    expect(second.body).toMatchObject({ current_page: 2, per_page: 1, total: 2 });
    expect(second.body.data.map((e: { id: string }) => e.id)).toEqual([afterTraining.id]);
    expect((await list("?page=9")).body).toMatchObject({ current_page: 9, data: [], total: 2 });
    // Readers may read; no conversation was created by either run.
    expect((await list("", member.token)).status).toBe(200);
    expect(await db.conversation.count({ where: { chatbotId: botId } })).toBe(0);
  }, 180_000);

  it("asks what a visitor would ask of the pages' facts, and passes a question only when the answer cites its page and says the fact", async () => {
    expect((await api("POST", `/v1/${bakeryBotId}/sources`, { token: owner.token, body: { type: "website", url: bakery.url("/") } })).status).toBe(201);
    const run = await waitFor(async () => {
      const res = await api("GET", `/v1/${bakeryBotId}/evaluations`, { token: owner.token });
      return res.body.data[0]?.status === "completed" ? res.body.data[0] : null;
    }, 90_000, "the bakery's evaluation");
    type Result = { question: string; kind: string | null; expected_url: string | null; expected_fact: string | null; fact_found: boolean | null; answer: string | null; passed: boolean };
    const results = run.results as Result[];
    const facts = results.filter((r) => r.expected_fact !== null);
    // From the pages' text: each day's opening time, a price, the address, the phone number, each with its page.
    expect(facts.map((r) => [r.kind, r.question, r.expected_fact, r.expected_url])).toEqual(
      expect.arrayContaining([
        ["time", "When are you open on Saturday?", "8am", bakery.url("/hours")],
        ["time", "When are you open on Sunday?", "closed", bakery.url("/hours")],
        ["price", "How much does a sourdough loaf cost?", "€4.50", bakery.url("/prices")],
        ["place", "Where are you located?", "5 Mill Lane", bakery.url("/contact")],
        ["contact", "What is your phone number?", "01225 555 0142", bakery.url("/contact")],
      ]),
    );
    expect(results.filter((r) => r.expected_fact === null).every((r) => r.kind === "heading")).toBe(true);
    // Each verdict is what the chatbot really answers a visitor: its page cited and the fact said, or a failure.
    for (const r of facts) {
      const reply = (await api("POST", `/v1/${bakeryBotId}/chat`, { token: owner.token, body: { message: r.question } })).body.message;
      const plain = (s: string) => s.toLowerCase().replace(/[\s.\-–—]/g, "");
      const says = reply.answered && plain(reply.content).includes(plain(r.expected_fact!));
      const cites = reply.sources.some((s: { url: string | null }) => s.url === r.expected_url);
      expect({ question: r.question, passed: r.passed }).toEqual({ question: r.question, passed: says && cites });
      expect(r.fact_found).toBe(r.answer !== null && plain(r.answer).includes(plain(r.expected_fact!)));
    }
    // The bot says where the shop is and its number, asked only for them (docs/decisions/133-questions-asking-only-for-a-kind.md):
    // the score counts what it answers.
    for (const question of ["Where are you located?", "What is your phone number?"]) expect(results.find((r) => r.question === question)).toMatchObject({ passed: true, fact_found: true });
    expect(run.score).toBe(Math.round((1000 * results.filter((r) => r.passed).length) / results.length) / 10);
  }, 120_000);

  it("answers clear errors: paging, a reader running, another tenant, no token", async () => {
    for (const q of ["?per_page=101", "?page=0", "?page=1e2"]) {
      const res = await list(q);
      expect(res.status, q).toBe(422);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect((await api("POST", `/v1/${botId}/evaluations`, { token: member.token })).status).toBe(403);
    expect((await list("", other.token)).status).toBe(404);
    expect((await api("POST", `/v1/${botId}/evaluations`, { token: other.token })).status).toBe(404);
    expect((await api("GET", `/v1/${botId}/evaluations`)).status).toBe(401);
  });

  it("is documented in the OpenAPI document", async () => {
    const doc = await (await fetch(`${base}/v1/openapi.json`)).json();
    const path = doc.paths["/v1/{chatbot_id}/evaluations"];
    expect(path.get.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual(["path:chatbot_id", "query:page", "query:per_page"]);
    expect(Object.keys(path.post.responses)).toContain("202");
    expect(path.post.responses["202"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Evaluation" });
    expect(doc.components.schemas.Evaluation.required).toEqual(expect.arrayContaining(["score", "hit_rate", "first_hit_rate", "mrr", "grounded_rate", "results"]));
  });
});
