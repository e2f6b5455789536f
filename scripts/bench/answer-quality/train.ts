/**
 * The product path up to the answers: an ephemeral embedded PostgreSQL under `.data/bench/answer-quality/`,
 * one workspace with credits to spare, one chatbot per set (its `default_language` the set's), each set served
 * from 127.0.0.1 (only its sampled pages; a `sitemap.xml` lists them) and crawled through the real jobs.
 */
import path from "node:path";
import pg from "pg";
import type { Chatbot } from "@/generated/prisma/client";
import { createPrismaClient, type Db } from "@/server/kernel/db/client";
import { startEmbeddedPostgres } from "@/server/kernel/db/embedded";
import { migrate } from "@/server/kernel/db/migrate";
import { serveDocs } from "../docs-site";
import type { DocSet } from "./doc-sets";

export interface TrainedSet {
  set: DocSet;
  chatbot: Chatbot;
  /** Page source id → its path under the set's root. */
  pathOf: Map<string, string>;
  crawl: { status: string; pagesFound: number; pagesIndexed: number; chunks: number; seconds: number };
}

export async function benchDatabase(name: string) {
  const server = await startEmbeddedPostgres({ dataDir: path.resolve(`.data/bench/${name}/pg`), ephemeral: true });
  const database = `bench_${name.replace(/\W/g, "_")}`;
  const admin = new pg.Client({ connectionString: server.url() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = server.url(database);
  await migrate(url);
  const db = createPrismaClient(url);
  return { db, url, stop: async () => (await db.$disconnect(), await server.stop()) };
}

const sitemap = (base: string, pages: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${pages.map((p) => `<url><loc>${base}/${encodeURI(p)}</loc></url>`).join("\n")}\n</urlset>\n`;

/** Serves every set, creates a chatbot per set and crawls them all at once; resolves when all are trained. */
export async function trainSets(db: Db, url: string, sets: DocSet[]): Promise<TrainedSet[]> {
  const { startWorkers } = await import("@/server/transport/workers");
  const { createSource } = await import("@/server/training/sources");
  const { loadTokenCounter } = await import("@/server/training/retrieval/tokenizer");
  const owner = await db.user.create({ data: { email: "bench@example.test", name: "Bench" } });
  const agency = await db.team.create({ data: { kind: "agency", plan: "agency", name: "Bench agency", ownerId: owner.id, monthlyMessagePool: 2_000_000_000 } });
  const team = await db.team.create({ data: { kind: "client", name: "Bench", ownerId: owner.id, agencyId: agency.id, messageLimit: 2_000_000_000 } });

  const sites = await Promise.all(
    sets.map(async (set) => {
      const served = new Set(set.pages);
      let base = "";
      // The sitemap names the pages by their address, known once the server listens: read when asked for.
      const site = await serveDocs(set.root, (p) => served.has(p), {
        get "sitemap.xml"() {
          return sitemap(base, set.pages);
        },
      });
      base = site.base;
      return site;
    }),
  );
  const runner = await startWorkers(url, { concurrency: 6 });
  await loadTokenCounter();
  const started = performance.now();
  const crawls = await Promise.all(
    sets.map(async (set, i) => {
      const chatbot = await db.chatbot.create({ data: { teamId: team.id, userId: owner.id, name: set.title, defaultLanguage: set.language } });
      const website = await createSource(db, chatbot, { type: "website", url: `${sites[i]!.base}/${set.start}` });
      for (;;) {
        const done = await db.source.findUniqueOrThrow({ where: { id: website.id } });
        if (done.status === "trained" || done.status === "failed") return { chatbot, website: done, seconds: (performance.now() - started) / 1000 };
        await new Promise((r) => setTimeout(r, 250));
      }
    }),
  );
  await runner.stop();
  await Promise.all(sites.map((s) => s.close()));

  return Promise.all(
    crawls.map(async ({ chatbot, website, seconds }, i) => {
      const base = sites[i]!.base;
      const pages = await db.source.findMany({ where: { indexerId: website.id, deletedAt: null }, select: { id: true, url: true } });
      const [chunks] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM source_chunks WHERE chatbot_id = ${chatbot.id}::uuid`;
      return {
        set: sets[i]!,
        chatbot,
        // The site's root is its index.html, as serveDocs serves it (SQLite's pages link to "/" too).
        pathOf: new Map(pages.filter((p) => p.url?.startsWith(base)).map((p) => [p.id, decodeURI(p.url!.slice(base.length + 1)) || "index.html"])),
        crawl: { status: website.status, pagesFound: website.pagesFound, pagesIndexed: website.pagesIndexed, chunks: chunks?.n ?? 0, seconds },
      };
    }),
  );
}
