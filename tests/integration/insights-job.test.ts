import { Logger, runMigrations } from "graphile-worker";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "@/server/transport/root";
import type { Db } from "@/server/kernel/db/client";
import { formatIsoDate, utcDay } from "@/server/analytics/period";
import { taskList } from "@/server/transport/workers";
import { resetInsightRequests } from "@/server/analytics/insights-queue";
import { createTestDatabase } from "../helpers/db";
import { runQueueOnce } from "../helpers/queue";
import { agencyOwner, chatbot, clientWorkspace } from "../helpers/fixtures";
import { conversation, visitor } from "../helpers/analytics-fixtures";

/**
 * The insights job on the real queue: analytics asks for a period's themes
 * once, a worker run computes them, the next analytics call shows them.
 */
let db: Db;
let url: string;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let botId: string;
const silent = new Logger(() => () => undefined);
const work = () => runQueueOnce(url, { taskList: taskList(db), logger: silent });
const user = (content: string) => ({ role: "user" as const, content });
const reply = (answered: boolean) => ({ role: "assistant" as const, answered });

async function jobs(): Promise<{ task_identifier: string; key: string | null; payload: Record<string, string> }[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT t.identifier AS task_identifier, j.key, j.payload
         FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id ORDER BY j.id`);
    return rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  ({ db, url } = await createTestDatabase());
  await runMigrations({ connectionString: url, logger: silent });
  owner = await agencyOwner(db);
  const workspace = await clientWorkspace(db, owner.agency);
  botId = (await chatbot(db, workspace.id, owner.user.id, "Insight bot")).id;
  const v = await visitor(db, botId);
  const at = (day: string, time = "10:00:00") => `2026-03-${day}T${time}Z`;
  await conversation(db, botId, { at: at("01"), visitorId: v.id, messages: [user("Do you deliver on Sundays?"), reply(true), user("How much is delivery?"), reply(false)] });
  await conversation(db, botId, { at: at("02"), visitorId: v.id, messages: [user("Do you deliver on Sundays?"), reply(true)] });
  await conversation(db, botId, {
    at: at("05"),
    visitorId: v.id,
    messages: [user("Where is my invoice?"), reply(true), user("Can I get a refund?"), reply(true), user("Where is my invoice?"), reply(false)],
  });
  await conversation(db, botId, { at: at("06"), visitorId: v.id, messages: [user("Hello"), user("Is anyone there, my parcel is late?")] });
  // Outside the period: ignored.
  await conversation(db, botId, { at: "2026-03-11T00:00:00Z", visitorId: v.id, messages: [user("Do you sell vouchers?"), reply(false)] });
});

describe("compute_insights", () => {
  it("is queued once by analytics, computes answered and unanswered themes, and is then served", async () => {
    const caller = createCaller({ db, user: owner.user, via: "token", tokenId: null });
    const input = { chatbot_id: botId, from: "2026-03-01", to: "2026-03-10" };
    resetInsightRequests();
    expect((await caller.analytics.get(input)).insights).toEqual({ period_type: "weekly", answered_questions: null, unanswered_questions: null });
    resetInsightRequests();
    await caller.analytics.get(input); // asked again: still one job
    expect(await jobs()).toEqual([
      { task_identifier: "compute_insights", key: `insights:${botId}:2026-03-01:2026-03-10`, payload: { chatbotId: botId, from: "2026-03-01", to: "2026-03-10" } },
    ]);

    await work();
    expect(await jobs()).toEqual([]);
    const { insights } = await caller.analytics.get(input);
    expect(insights).toEqual({
      period_type: "weekly",
      // Answered: "Do you deliver on Sundays?" twice; invoice and refund once each.
      answered_questions: {
        insight_data: [
          { theme: "Deliver sundays", summary_question: "Do you deliver on Sundays?", frequency: 2, examples: [] },
          { theme: "Invoice", summary_question: "Where is my invoice?", frequency: 1, examples: [] },
          { theme: "Refund", summary_question: "Can I get a refund?", frequency: 1, examples: [] },
        ],
      },
      // Unanswered: a reply with answered = false, or no reply at all ("Hello" has no keywords).
      unanswered_questions: {
        insight_data: [
          { theme: "Delivery", summary_question: "How much is delivery?", frequency: 1, examples: [] },
          { theme: "Invoice", summary_question: "Where is my invoice?", frequency: 1, examples: [] },
          { theme: "Parcel late", summary_question: "Is anyone there, my parcel is late?", frequency: 1, examples: [] },
        ],
      },
    });
    // Served from the row now: nothing new is queued.
    resetInsightRequests();
    await caller.analytics.get(input);
    expect(await jobs()).toEqual([]);
  });

  it("runs daily for the dashboard's preset periods of every chatbot with recent traffic", async () => {
    const recentBot = await chatbot(db, owner.user.currentTeamId!, owner.user.id, "Recent bot");
    const v = await visitor(db, recentBot.id);
    await conversation(db, recentBot.id, { at: new Date(Date.now() - 86_400_000).toISOString(), visitorId: v.id, messages: [user("Do you ship abroad?"), reply(true)] });

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`SELECT graphile_worker.add_job('compute_insights', '{"_cron": {"ts": "2026-11-21T02:30:00Z"}}'::json)`);
    await client.end();
    await work(); // the cron run queues the presets and the same run works them off

    const today = utcDay(new Date());
    const rows = await db.insight.findMany({ where: { chatbotId: recentBot.id }, orderBy: { periodStart: "desc" } });
    expect(rows.map((r) => [r.periodType, r.periodStart.toISOString().slice(0, 10), r.periodEnd.toISOString().slice(0, 10)])).toEqual([
      ["weekly", formatIsoDate(today - 7), formatIsoDate(today)],
      ["monthly", formatIsoDate(today - 30), formatIsoDate(today)],
      ["monthly", formatIsoDate(today - 90), formatIsoDate(today)],
    ]);
    expect(rows[0]!.answered).toEqual({ insight_data: [{ theme: "Ship abroad", summary_question: "Do you ship abroad?", frequency: 1, examples: [] }] });
    expect(await db.insight.count({ where: { chatbotId: botId } })).toBe(1); // the March bot has no recent traffic
  });
});
