import type { Runner } from "graphile-worker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Context } from "@/server/access";
import type { Db } from "@/server/kernel/db/client";
import { createSource, startSync } from "@/server/training/sources";
import { createCaller } from "@/server/transport/root";
import { startWorkers } from "@/server/transport/workers";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot as makeChatbot, clientWorkspace } from "../helpers/fixtures";
import { waitFor } from "../helpers/https-receiver";
import { shopRoute, startShopSite } from "../helpers/website-fixtures";

/**
 * A chatbot's quality score (docs/decisions/063-chatbot-quality-score.md): the real queue and workers, a real site on 127.0.0.1, the
 * real index. An evaluation runs by itself after every completed training and on demand, asks the test
 * questions of the engine's retrieval and grounding, and charges nothing.
 */
process.env.CRAWLER_ALLOW_PRIVATE_NETWORKS = "true";
process.env.CRAWL_PAGE_TIMEOUT_MS = "15000";

let db: Db;
let url: string;
let runner: Runner;
let owner: Awaited<ReturnType<typeof agencyOwner>>;

const callerFor = (user: Context["user"]) => createCaller({ db, user, via: "session", tokenId: null });

beforeAll(async () => {
  ({ db, url } = await createTestDatabase());
  owner = await agencyOwner(db);
  runner = await startWorkers(url, { concurrency: 4 });
}, 60_000);

afterAll(async () => {
  await runner?.stop();
});

const completedAfter = (chatbotId: string, count: number) =>
  waitFor(async () => {
    const runs = await db.evaluation.findMany({ where: { chatbotId }, orderBy: { createdAt: "asc" } });
    return runs.length >= count && runs.every((r) => r.status === "completed" || r.status === "failed") ? runs : null;
  }, 90_000, `evaluation ${count} to complete`);

describe("a chatbot's quality score", () => {
  it("is evaluated after every training and on demand, moves when a page is added, flags a drop, charges nothing", async () => {
    // The shop without its contact page yet.
    const site = await startShopSite(["/", "/delivery", "/repairs"]);
    const team = await clientWorkspace(db, owner.agency);
    const bot = await makeChatbot(db, team.id, owner.user.id);
    const caller = callerFor(owner.user);
    const credits = async () => (await db.team.findUniqueOrThrow({ where: { id: team.id } })) as unknown;

    const website = await createSource(db, bot, { type: "website", url: site.url("/") });
    const [first] = await completedAfter(bot.id, 1);
    expect(first).toMatchObject({ trigger: "training", status: "completed" });
    // Generated from the pages: each page's title, with that page expected, found first.
    const generated = (await caller.evaluations.list({ chatbot_id: bot.id })).data[0]!;
    expect(generated.results.map((r) => [r.question, r.expected_url])).toEqual(
      expect.arrayContaining([["What about Repairs?", site.url("/repairs")], ["What about Delivery?", site.url("/delivery")]]),
    );
    expect(generated.results.find((r) => r.question === "What about Repairs?")).toMatchObject({ rank: 1, hit: true, origin: "generated" });
    expect(generated).toMatchObject({ hit_rate: 1, first_hit_rate: 1, mrr: 1 });

    // The owner's own questions: one the site cannot answer yet, one naming its page.
    const pages = await caller.evaluations.pages({ chatbot_id: bot.id });
    expect(pages.map((p) => p.url)).toContain(site.url("/repairs"));
    await caller.evaluations.addQuestion({ chatbot_id: bot.id, question: "Where is the shop?" });
    await caller.evaluations.addQuestion({ chatbot_id: bot.id, question: "Do you do servicing of bicycles?", expected_url: site.url("/repairs") });
    await expect(caller.evaluations.addQuestion({ chatbot_id: bot.id, question: "Anything?", expected_url: "https://elsewhere.example/" })).rejects.toThrow(/not one of the chatbot's pages/);

    const before = { conversations: await db.conversation.count({ where: { chatbotId: bot.id } }), ledger: await db.creditLedgerEntry.count(), team: await credits() };
    const queued = await caller.evaluations.run({ chatbot_id: bot.id });
    expect(queued).toMatchObject({ status: "queued", trigger: "manual" });
    const runs = await completedAfter(bot.id, 2);
    const manual = runs.find((r) => r.id === queued.id)!;
    const shop = (manual.results as Array<{ question: string; grounded: boolean; passed: boolean; via: string }>).find((r) => r.question === "Where is the shop?")!;
    expect(shop).toMatchObject({ grounded: false, passed: false, via: "default" });
    expect(manual.score).toBeLessThan(100);
    // No conversation, no charge: the evaluation is not a chat.
    expect(await db.conversation.count({ where: { chatbotId: bot.id } })).toBe(before.conversations);
    expect(await db.creditLedgerEntry.count()).toBe(before.ledger);
    expect(await credits()).toEqual(before.team);

    // Adding the contact page (a re-sync) is a training: the score moves up, the shop question now passes.
    site.route("/contact", shopRoute("/contact"));
    site.route("/", shopRoute("/", ["/delivery", "/repairs", "/contact"], new Date("2026-03-01T10:00:00Z")));
    await startSync(db, website.id);
    const afterContact = (await completedAfter(bot.id, 3)).at(-1)!;
    expect(afterContact.trigger).toBe("training");
    expect((afterContact.results as Array<{ question: string; passed: boolean }>).find((r) => r.question === "Where is the shop?")).toMatchObject({ passed: true });
    expect(afterContact.score!).toBeGreaterThan(manual.score!);
    expect(afterContact.previousScore).toBe(manual.score);
    // "What about Contact?" is not asked: the contact page gives an address, no phone or e-mail, so by the
    // engine's grounding rule the page itself cannot answer it; a question no retrieval could pass is not generated.
    const asked = (afterContact.results as Array<{ question: string; origin: string }>).filter((r) => r.origin === "generated").map((r) => r.question);
    expect(asked).toEqual(expect.arrayContaining(["What about Repairs?", "What about Delivery?"]));
    expect(asked).not.toContain("What about Contact?");

    // A training that loses the repairs page lowers the score by more than 5 points, with the filter on: flagged.
    site.route("/repairs", null);
    await startSync(db, website.id);
    await completedAfter(bot.id, 4);
    const [latest] = (await caller.evaluations.list({ chatbot_id: bot.id, per_page: 1 })).data;
    expect(latest!.score!).toBeLessThan(afterContact.score! - 5);
    expect(latest).toMatchObject({ trigger: "training", score_dropped: true, previous_score: afterContact.score });
    // The lost page's generated question is asked again and fails (its page is gone), marked as such.
    expect(latest!.results.find((r) => r.question === "What about Repairs?")).toMatchObject({ origin: "generated", expected_url: site.url("/repairs"), page_missing: true, hit: false, passed: false });
    expect(latest!.results.filter((r) => r.page_missing).map((r) => r.question)).toEqual(["What about Repairs?"]);

    // The loss counts once: the next run measures the chatbot on the pages it has.
    const next = await caller.evaluations.run({ chatbot_id: bot.id });
    const again = (await completedAfter(bot.id, 5)).find((r) => r.id === next.id)!;
    expect((again.results as Array<{ question: string }>).map((r) => r.question)).not.toContain("What about Repairs?");
    await site.close();
  }, 240_000);

  it("generates questions from a text source too (no pages): the chatbot gets a score", async () => {
    const team = await clientWorkspace(db, owner.agency);
    const bot = await makeChatbot(db, team.id, owner.user.id);
    const text = await createSource(db, bot, {
      type: "text",
      title: "Shop policies",
      text: "## Returns\n\nReturns of a bicycle are accepted within 30 days of purchase for a full refund.\n\n## Rentals\n\nRentals of city bicycles cost 15 pounds a day, helmet included.",
    });
    const [run] = await completedAfter(bot.id, 1);
    expect(run).toMatchObject({ trigger: "training", status: "completed" });
    const [listed] = (await callerFor(owner.user).evaluations.list({ chatbot_id: bot.id })).data;
    const generated = listed!.results.filter((r) => r.origin === "generated");
    // A short text is one passage, under its first heading: that heading and the title are asked.
    expect(generated.map((r) => r.question)).toEqual(expect.arrayContaining(["What about Returns?"]));
    // Named by its source (a text has no url), found first.
    expect(generated.find((r) => r.question === "What about Returns?")).toMatchObject({ expected_url: null, expected_source_id: text.id, expected_title: "Shop policies", rank: 1, hit: true, passed: true });
    expect(listed!.score).not.toBeNull();
    expect(listed!.hit_rate).toBe(1);
  }, 120_000);
});
