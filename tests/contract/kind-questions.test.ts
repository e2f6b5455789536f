import { randomUUID } from "node:crypto";
import type { Runner } from "graphile-worker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { startWorkers } from "@/server/transport/workers";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot, clientWorkspace } from "../helpers/fixtures";
import { GERMAN_WORKSHOP, startGermanWorkshopSite } from "../helpers/german-site";
import { waitFor } from "../helpers/https-receiver";
import { apiClient } from "../helpers/http";
import { startAppServer } from "../helpers/server";
import { startBakerySite, startPetGroomingSite } from "../helpers/website-fixtures";

/**
 * A visitor asking only for a kind of fact — "Where are you located?", "What is your phone number?" — through
 * the real chat endpoint, on sites crawled by the real jobs (docs/decisions/133-questions-asking-only-for-a-kind.md):
 * answered from the page stating the fact, citing it; refused where no page states one.
 */
process.env.CRAWLER_ALLOW_PRIVATE_NETWORKS = "true";
let db: Db;
let api: ReturnType<typeof apiClient>;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let runner: Runner;
const sites: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.db;
  owner = await agencyOwner(db);
  api = apiClient((await startAppServer(created.url)).baseUrl);
  runner = await startWorkers(created.url, { concurrency: 4 });
}, 120_000);

afterAll(async () => {
  await runner?.stop();
  for (const site of sites) await site.close();
});

/** A chatbot trained from `site` by a crawl through the API, once the crawl settled with the pages at `paths` trained. */
async function trainedFrom(botId: string, site: { url(path: string): string }, paths: string[]) {
  expect((await api("POST", `/v1/${botId}/sources`, { token: owner.token, body: { type: "website", url: site.url("/") } })).status).toBe(201);
  await waitFor(async () => {
    const sources = await db.source.findMany({ where: { chatbotId: botId } });
    const trained = sources.filter((s) => s.status === "trained");
    return sources.every((s) => s.status === "trained" || s.status === "failed") && paths.every((p) => trained.some((s) => s.url === site.url(p))) ? sources : null;
  }, 90_000, "the crawl to train the site's pages");
}

const ask = async (botId: string, message: string) => (await api("POST", `/v1/${botId}/chat`, { token: owner.token, body: { message } })).body.message as { content: string; answered: boolean; sources: Array<{ url: string | null }> };

describe("a question asking only for a kind of fact", () => {
  it("is answered from the page stating it, citing that page (English, the bakery)", async () => {
    const bakery = await startBakerySite();
    sites.push(bakery);
    const team = await clientWorkspace(db, owner.agency);
    const bot = await chatbot(db, team.id, owner.user.id);
    await trainedFrom(bot.id, bakery, ["/contact", "/hours", "/prices"]);
    for (const [question, fact, path] of [
      ["Where are you located?", "5 Mill Lane", "/contact"],
      ["What is your phone number?", "01225 555 0142", "/contact"],
      ["When are you open?", "8am – 1pm", "/hours"],
      ["How much does it cost?", "€4.50", "/prices"],
    ] as const) {
      const reply = await ask(bot.id, question);
      expect({ question, answered: reply.answered, says: reply.content.includes(fact), cites: reply.sources.map((s) => s.url) }).toEqual({ question, answered: true, says: true, cites: [bakery.url(path)] });
    }
  }, 150_000);

  it("is answered in German from the workshop's pages (default_language de)", async () => {
    const workshop = await startGermanWorkshopSite();
    sites.push(workshop);
    const res = await api("POST", "/v1/agency/clients", { token: owner.token, key: randomUUID(), body: { name: "Radwerkstatt Speiche", message_limit: 100, chatbot: { name: "Speichenbot", default_language: "de" } } });
    expect(res.status).toBe(201);
    const botId: string = res.body.chatbot.id;
    await trainedFrom(botId, workshop, Object.keys(GERMAN_WORKSHOP).filter((p) => p !== "/"));
    for (const [question, fact, path] of [
      ["Wo befinden Sie sich?", "Karl-Heine-Straße 47", "/oeffnungszeiten"],
      ["Wie ist Ihre Telefonnummer?", "0341 2345678", "/leihrad"],
      ["Wann haben Sie geöffnet?", "9 bis 18 Uhr", "/oeffnungszeiten"],
    ] as const) {
      const reply = await ask(botId, question);
      expect({ question, answered: reply.answered, says: reply.content.includes(fact), cites: reply.sources.map((s) => s.url)[0] }).toEqual({ question, answered: true, says: true, cites: workshop.url(path) });
    }
  }, 150_000);

  it("is refused where no page states such a fact, whatever words the pages share", async () => {
    // The groomer's pages speak of grooming every weekday and of its prices, but state no address or number.
    const groomer = await startPetGroomingSite();
    sites.push(groomer);
    const team = await clientWorkspace(db, owner.agency);
    const bot = await chatbot(db, team.id, owner.user.id);
    await trainedFrom(bot.id, groomer, ["/prices"]);
    for (const question of ["Where are you located?", "What is your phone number?"]) {
      const reply = await ask(bot.id, question);
      expect({ question, answered: reply.answered, sources: reply.sources }).toEqual({ question, answered: false, sources: [] });
    }
  }, 150_000);
});
